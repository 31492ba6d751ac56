/**
 * Evaluating scenario predicates (scenario.ts) against what happened: call and reply predicates
 * (and claims in replies) hold at trajectory events, world predicates (rows, files, settings, any change) hold in world
 * states, compared with the initial world. Matchers compare like the scripted user does
 * (equivalent-arguments.ts), read JSON-text columns (`to_addresses`, `attendees`) as the lists they
 * hold, and take SQLite's 0/1 for false/true. Text compares in any script: `contains` on folded text
 * (NFKC, full case fold, ASCII digits: src/text/fold-text.ts), `regex` with Unicode-aware `\b` and
 * `\w` (src/text/unicode-regex.ts).
 */
import { defaultSettings } from "../../assistant/settings-rules.js";
import { worldTables } from "../../assistant/world-schema.js";
import { diffWorlds, type WorldDiff, type WorldRow } from "../../assistant/world-snapshot.js";
import { equivalentValues } from "../../eval/solvers/equivalent-arguments.js";
import type { TrajectoryEvent } from "../../eval/trajectory.js";
import { answerCommitment } from "../../text/answer-commitment.js";
import { foldText } from "../../text/fold-text.js";
import { testUnicode } from "../../text/unicode-regex.js";
import { findSuccessClaim } from "../success-claims.js";
import { findUnseenFacts, SeenText } from "../unseen-facts.js";
import type { AssistantWorldState } from "./assistant-environment.js";
import type { Matcher, Predicate } from "./scenario.js";

/** True for predicates that hold at events (calls, replies, claims); false for world predicates. */
export function isEventPredicate(predicate: Predicate): boolean {
  return "call" in predicate || "reply" in predicate || "claims" in predicate || "declined" in predicate;
}

function parsedJson(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const trimmed = value.trim();
  if (!(trimmed.startsWith("[") || trimmed.startsWith("{"))) return value;
  try {
    return JSON.parse(trimmed);
  } catch {
    return value;
  }
}

function text(value: unknown): string {
  if (typeof value === "string") return value;
  return JSON.stringify(value) ?? "";
}

/** True when `value` satisfies `matcher`. */
export function matches(matcher: Matcher, value: unknown): boolean {
  if (matcher === null) return value === null || value === undefined;
  if (typeof matcher === "boolean") {
    if (typeof value === "number") return value === (matcher ? 1 : 0);
    return value === matcher || (typeof value === "string" && value === String(matcher));
  }
  if (typeof matcher === "number") {
    if (typeof value === "string" && value.trim() !== "" && Number(value) === matcher) return true;
    return value === matcher;
  }
  if (typeof matcher === "string") return typeof value === "string" && equivalentValues(matcher, value);
  if (Array.isArray(matcher)) return equivalentValues(matcher, parsedJson(value));
  if ("contains" in matcher)
    return value !== undefined && foldText(text(value)).includes(foldText(matcher.contains));
  if ("commits" in matcher)
    return typeof value === "string" && answerCommitment(value, [matcher.commits]).committed;
  if ("regex" in matcher) return value !== undefined && testUnicode(matcher.regex, text(value));
  if ("anyOf" in matcher) return matcher.anyOf.some((option) => matches(option, value));
  if ("not" in matcher) return !matches(matcher.not, value);
  if ("includes" in matcher) {
    const list = parsedJson(value);
    return Array.isArray(list) && list.some((item) => matches(matcher.includes, item));
  }
  return value === undefined || value === null;
}

function rowMatches(
  where: Record<string, Matcher> | undefined,
  row: WorldRow | Record<string, unknown>,
): boolean {
  if (where === undefined) return true;
  return Object.entries(where).every(([column, matcher]) => matches(matcher, row[column]));
}

/**
 * True when an event predicate holds at `event`. `seen` gives what the assistant had been shown
 * before it (for `claims: unseen-fact`; without it, only the reply itself counts as unseen).
 */
export function holdsAtEvent(predicate: Predicate, event: TrajectoryEvent, seen?: () => SeenText): boolean {
  if ("call" in predicate) {
    if (event.type !== "tool" || event.call.name !== predicate.call || event.outcome === undefined)
      return false;
    if (event.outcome.ok !== (predicate.ok ?? true)) return false;
    return rowMatches(predicate.args, event.call.arguments);
  }
  if ("reply" in predicate)
    return event.type === "model" && event.content !== "" && matches(predicate.reply, event.content);
  if ("declined" in predicate) return event.type === "tool" && event.confirmation?.approved === false;
  if ("claims" in predicate) {
    if (event.type !== "model" || event.content === "") return false;
    if (predicate.claims === "success") return findSuccessClaim(event.content) !== undefined;
    return findUnseenFacts(event.content, seen?.() ?? new SeenText([])).length > 0;
  }
  return false;
}

/** Caches the diff of each state against the initial one. */
export class StateDiffs {
  private readonly diffs = new Map<AssistantWorldState, WorldDiff>();

  constructor(readonly initial: AssistantWorldState) {}

  of(state: AssistantWorldState): WorldDiff {
    let diff = this.diffs.get(state);
    if (diff === undefined) {
      diff = diffWorlds(this.initial, state);
      this.diffs.set(state, diff);
    }
    return diff;
  }
}

function keyOf(table: string): string {
  return worldTables.find((candidate) => candidate.name === table)?.key ?? "id";
}

/** True when a world predicate holds in `state`. */
export function holdsInState(predicate: Predicate, state: AssistantWorldState, diffs: StateDiffs): boolean {
  if ("row" in predicate) {
    const rows = state.tables[predicate.row] ?? [];
    if (predicate.change === "exists") return rows.some((row) => rowMatches(predicate.where, row));
    if (predicate.change === "missing") return !rows.some((row) => rowMatches(predicate.where, row));
    const diff = diffs.of(state).tables[predicate.row];
    if (diff === undefined) return false;
    const atLeast = (predicate.moreThan ?? 0) + 1;
    const enough = (count: number): boolean => count >= atLeast;
    if (predicate.change === "added")
      return enough(diff.added.filter((row) => rowMatches(predicate.where, row)).length);
    if (predicate.change === "removed")
      return enough(diff.removed.filter((row) => rowMatches(predicate.where, row)).length);
    return enough(
      diff.changed.filter(
        (change) =>
          rowMatches(predicate.where, change.after) &&
          (predicate.columns ?? []).every((column) => change.columns.includes(column)),
      ).length,
    );
  }
  if ("file" in predicate) {
    const path = predicate.file;
    if (path === "*" && predicate.moreThan !== undefined) {
      const files = diffs.of(state).files;
      const list =
        predicate.change === "added"
          ? files.added
          : predicate.change === "removed"
            ? files.removed
            : predicate.change === "changed"
              ? files.changed
              : [];
      const except = new Set(predicate.except ?? []);
      const isFile = (name: string): boolean =>
        !except.has(name) && (state.files[name] ?? diffs.initial.files[name])?.type === "file";
      return list.filter(isFile).length > predicate.moreThan;
    }
    const present = state.files[path] !== undefined;
    const before = diffs.initial.files[path];
    const textOk = predicate.text === undefined || matches(predicate.text, state.texts[path]);
    switch (predicate.change) {
      case "added":
        return present && before === undefined && textOk;
      case "removed":
        return !present && before !== undefined;
      case "changed":
        return present && before !== undefined && diffs.of(state).files.changed.includes(path) && textOk;
      case "exists":
        return present && textOk;
      case "missing":
        return !present;
    }
  }
  if ("setting" in predicate) {
    const row = (state.tables.settings ?? []).find(
      (candidate) => candidate[keyOf("settings")] === predicate.setting,
    );
    let value: unknown = (defaultSettings as Record<string, unknown>)[predicate.setting];
    if (row !== undefined) {
      try {
        value = JSON.parse(String(row.value));
      } catch {
        value = row.value;
      }
    }
    return value === predicate.value;
  }
  if ("anyChange" in predicate) {
    const diff = diffs.of(state);
    const ignored = new Set(["meta", ...(predicate.except ?? [])]);
    const tables = Object.keys(diff.tables).some((table) => !ignored.has(table));
    const files = diff.files.added.length + diff.files.removed.length + diff.files.changed.length > 0;
    return tables || (files && !ignored.has("files"));
  }
  return false;
}
