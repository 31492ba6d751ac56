/**
 * Making a twin: an English `assistant:stateful` scenario with its language-bound text replaced by
 * a translation, and nothing else. What a translation may change: the user's turns, the scripted
 * user's answers (their replies; their patterns gain the translated words as alternatives), the
 * reference replies, the reference's free-text (loose) arguments, the text matchers of milestones
 * (a reply, a title or a body may match the English words or the translated ones), and the world's
 * text: the scenario's own rows (by path) and seeded rows (`seeded`: fields put over the seeded
 * row with that id, in place, so the default world and every English scenario stay as they are).
 * {@link twinOf} checks that the rest (milestone and minefield logic, tools, ids, times, amounts,
 * the reference calls' other arguments) is exactly the English scenario's, so a twin is scored
 * like the original and the two can be paired.
 */
import { isDeepStrictEqual } from "node:util";
import type { Matcher, Scenario } from "../builders.js";

/** One scenario's translation. */
export interface Translation {
  /** The user's turns, as many as the English scenario's. */
  turns: string[];
  /** The reference's text replies, in order, as many as the English scenario's. */
  texts: string[];
  /** The scripted user's answers, in order: the reply and the translated words its pattern also accepts. */
  answers?: { reply: string; pattern: string }[];
  /** Reply milestones by id: a pattern accepted besides the English one (same facts, this language's words). */
  replies?: Record<string, string>;
  /** Loose (free-text) arguments of the reference calls by name: the translated value for every call that has it. */
  loose?: Record<string, string>;
  /**
   * Other translated values by path (`milestones.<id>.where.title`, `world.events.<id>.title`);
   * a path segment names a list item by its index or its `id`. Matchers set this way are added as
   * alternatives to the English ones.
   */
  set?: Record<string, unknown>;
  /** Seeded world rows to translate, by list: each row's `id` (or `itemId`) and its translated fields. */
  seeded?: Record<string, Record<string, unknown>[]>;
}

type Json = Record<string, unknown> | unknown[];

function child(node: Json, segment: string): { holder: Json; key: string | number } {
  if (Array.isArray(node)) {
    const index = /^\d+$/.test(segment)
      ? Number(segment)
      : node.findIndex((item) => (item as { id?: unknown } | null)?.id === segment);
    if (index < 0 || index >= node.length) throw new Error(`no item "${segment}"`);
    return { holder: node, key: index };
  }
  if (!(segment in node)) throw new Error(`no field "${segment}"`);
  return { holder: node, key: segment };
}

/** Sets `path` in `root` (it must exist); returns the value it held. */
function setPath(root: Json, path: string, value: (old: unknown) => unknown): void {
  const segments = path.split(".");
  let node: Json = root;
  segments.forEach((segment, position) => {
    const { holder, key } = child(node, segment);
    const current = (holder as Record<string | number, unknown>)[key];
    if (position === segments.length - 1) (holder as Record<string | number, unknown>)[key] = value(current);
    else if (typeof current === "object" && current !== null) node = current as Json;
    else throw new Error(`"${segment}" holds no fields`);
  });
}

/** True for a text matcher (`contains`, `regex`) or a plain string. */
function isTextMatcher(value: unknown): boolean {
  return (
    typeof value === "string" ||
    (typeof value === "object" && value !== null && ("contains" in value || "regex" in value))
  );
}

/** The English matcher or the translated one. */
function either(english: unknown, translated: unknown): Matcher {
  return { anyOf: [english as Matcher, translated as Matcher] };
}

/** The scenario with every translatable text blanked: what a twin must share with its original. */
function skeleton(scenario: Scenario): unknown {
  const copy = structuredClone(scenario) as unknown as Record<string, unknown>;
  delete copy.id;
  delete copy.language;
  delete copy.twin;
  delete copy.world;
  copy.turns = (copy.turns as string[]).length;
  copy.answers = ((copy.answers as unknown[]) ?? []).length;
  const blank = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(blank);
    if (typeof value !== "object" || value === null) return value;
    const record = value as Record<string, unknown>;
    if ("anyOf" in record && (record.anyOf as unknown[]).every(isTextMatcher)) return "<text>";
    if ("contains" in record || "regex" in record) return "<text>";
    return Object.fromEntries(Object.entries(record).map(([key, inner]) => [key, blank(inner)]));
  };
  copy.milestones = blank(copy.milestones);
  copy.minefields = blank(copy.minefields);
  copy.reference = (copy.reference as Record<string, unknown>[]).map((output) =>
    "text" in output
      ? "<reply>"
      : {
          calls: (
            output.calls as { name: string; arguments: Record<string, unknown>; loose?: string[] }[]
          ).map((call) => ({
            ...call,
            arguments: Object.fromEntries(
              Object.entries(call.arguments).map(([key, value]) => [
                key,
                call.loose?.includes(key) ? "<loose>" : value,
              ]),
            ),
          })),
        },
  );
  return copy;
}

/** The twin of `english` in `language`; throws naming the scenario when the translation does not fit. */
export function twinOf(english: Scenario, language: string, translation: Translation): Scenario {
  const where = `${language}:${english.id}`;
  const fail = (why: string): never => {
    throw new Error(`${where}: ${why}`);
  };
  const twin = structuredClone(english);
  twin.id = `${language}:${english.id}`;
  twin.language = language;
  twin.twin = english.id;
  if (translation.turns.length !== english.turns.length)
    fail(`${translation.turns.length} turns for the original's ${english.turns.length}`);
  twin.turns = translation.turns;
  const texts = twin.reference.filter((output) => "text" in output);
  if (translation.texts.length !== texts.length)
    fail(`${translation.texts.length} replies for the reference's ${texts.length}`);
  texts.forEach((output, index) => {
    (output as { text: string }).text = translation.texts[index] ?? "";
  });
  const answers = twin.answers ?? [];
  if ((translation.answers ?? []).length !== answers.length)
    fail(`${(translation.answers ?? []).length} answers for the original's ${answers.length}`);
  answers.forEach((answer, index) => {
    const translated = translation.answers?.[index];
    if (translated === undefined) return;
    answer.reply = translated.reply;
    answer.pattern = `${answer.pattern}|${translated.pattern}`;
  });
  for (const [id, pattern] of Object.entries(translation.replies ?? {})) {
    const milestone = twin.milestones.find((item) => item.id === id);
    const reply = milestone?.reply as { regex?: string } | undefined;
    if (reply?.regex === undefined) fail(`no reply-pattern milestone "${id}"`);
    else reply.regex = `${reply.regex}|${pattern}`;
  }
  for (const [name, value] of Object.entries(translation.loose ?? {})) {
    const calls = twin.reference.flatMap((output) => ("calls" in output ? output.calls : []));
    const holding = calls.filter((call) => call.loose?.includes(name));
    if (holding.length === 0) fail(`no reference call has the loose argument "${name}"`);
    for (const call of holding) call.arguments[name] = value;
  }
  for (const [path, value] of Object.entries(translation.set ?? {})) {
    try {
      setPath(twin as unknown as Json, path, (old) => {
        if (path.startsWith("milestones.") && isTextMatcher(old)) return either(old, value);
        if (path.startsWith("world.") && typeof old === "string" && typeof value === "string") return value;
        throw new Error("only a milestone's text matcher or a world text may be translated");
      });
    } catch (error) {
      fail(`set ${path}: ${(error as Error).message}`);
    }
  }
  if (translation.seeded !== undefined) twin.world = { ...(twin.world ?? {}), replace: translation.seeded };
  if (!isDeepStrictEqual(skeleton(english), skeleton(twin)))
    fail("the translation changed more than text (milestones, minefields or reference calls differ)");
  return twin;
}
