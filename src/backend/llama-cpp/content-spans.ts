/**
 * Where the placeholders' texts lie in the real rendered prompt. The template is rendered twice,
 * with the real texts and with placeholders (content-placeholders.ts); the placeholder render,
 * split at its ids, gives the template's own text, which must appear in the real render in order,
 * with each text between in one of the forms templates write a string in: as is, or escaped
 * inside a JSON or Python string literal (`tojson`, the formats' own renderers). Only the template's
 * own text is trusted: the spans are tokenised as plain text.
 *
 * When the real render does not follow (a template that branches on a content, e.g. Qwen3 on a user
 * text that starts with `<tool_response>`), the prompt is the placeholder render with each text put
 * back as is: not byte for byte what the template would have written for that conversation, but
 * what is then recorded and tokenised. A template that cuts a text itself (`content[:8]`) leaves a
 * piece of a placeholder: that prompt is refused, naming `--parse-special-in-messages`.
 */
import { EdgecallError } from "../../errors.js";
import type { PlaceholderPlan } from "./content-placeholders.js";

/** A rendered prompt and the spans of it that messages and tools carry. */
export interface ContentSpans {
  text: string;
  /** `[start, end)` character ranges of `text`, in order, not overlapping. */
  spans: Array<[number, number]>;
  /** False when the real render could not be followed and the texts were put back as is. */
  exact: boolean;
}

/** The forms a template writes `core` in: as is, or inside a JSON string (ASCII-safe too). */
function forms(core: string): string[] {
  const json = JSON.stringify(core).slice(1, -1);
  const ascii = json.replace(
    /[\u007f-\uffff]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
  return [...new Set([core, json, ascii])];
}

/** Splits `render` into the template's text and the placeholder ids between. */
function split(render: string, plan: PlaceholderPlan): { pieces: string[]; ids: string[] } {
  const pieces: string[] = [];
  const ids: string[] = [];
  let position = 0;
  for (const match of render.matchAll(plan.pattern)) {
    pieces.push(render.slice(position, match.index));
    ids.push(match[0]);
    position = match.index + match[0].length;
  }
  pieces.push(render.slice(position));
  return { pieces, ids };
}

/**
 * The content spans of `real` (the template rendered with the real texts), found by following
 * `placeholderRender` (the same template rendered with `plan`'s placeholders).
 */
export function contentSpans(real: string, placeholderRender: string, plan: PlaceholderPlan): ContentSpans {
  const { pieces, ids } = split(placeholderRender, plan);
  const spans: Array<[number, number]> = [];
  let position = 0;
  let followed = real.startsWith(pieces[0]!, 0);
  position = pieces[0]!.length;
  for (let index = 0; followed && index < ids.length; index++) {
    const core = plan.cores.get(ids[index]!);
    const next = pieces[index + 1]!;
    const form =
      core === undefined
        ? undefined
        : forms(core).find(
            (candidate) =>
              real.startsWith(candidate, position) && real.startsWith(next, position + candidate.length),
          );
    if (form === undefined) followed = false;
    else {
      spans.push([position, position + form.length]);
      position += form.length + next.length;
    }
  }
  if (followed && position === real.length) return { text: real, spans, exact: true };
  const stem = plan.pattern.source.slice(0, 4);
  if (count(pieces.join(""), stem) > count(real, stem)) {
    throw new EdgecallError(
      "invalid-argument",
      "the chat template cuts a message's text, so its special tokens cannot be kept plain text; pass --parse-special-in-messages to tokenise the whole prompt with special tokens, as llama-server does",
      { subject: "chat template" },
    );
  }
  return putBack(pieces, ids, plan);
}

function count(text: string, part: string): number {
  return text.split(part).length - 1;
}

/** The placeholder render with each text put back as is. */
function putBack(pieces: readonly string[], ids: readonly string[], plan: PlaceholderPlan): ContentSpans {
  let text = pieces[0]!;
  const spans: Array<[number, number]> = [];
  ids.forEach((id, index) => {
    const core = plan.cores.get(id) ?? id;
    spans.push([text.length, text.length + core.length]);
    text += core + pieces[index + 1]!;
  });
  return { text, spans, exact: false };
}
