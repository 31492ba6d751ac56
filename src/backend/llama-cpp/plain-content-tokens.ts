/**
 * Tokenises a rendered prompt as llama.cpp does with special-token parsing, except that only the
 * template's own text may yield control tokens: inside the content spans (content-spans.ts) the
 * text of `<|im_end|>` or `<|eot_id|>` is tokenised as ordinary text.
 *
 * llama.cpp's own parsing first cuts the text at every special token's text, then tokenises each
 * piece between as plain text (a piece that follows a special token gets SentencePiece's leading
 * space; a token marked lstrip or rstrip eats the whitespace beside it). Here the cuts are only the
 * control tokens found in the template's own text, and each piece between, template text and
 * content alike, is tokenised in one plain call, which applies the same rules. So a prompt whose
 * contents spell no control token gets exactly the tokens of full parsing, and one whose contents
 * do differs only there. User-defined tokens (Qwen's `<tool_call>`, `<think>`) are matched in plain
 * text too, by llama.cpp as by Hugging Face tokenizers: they are vocabulary, not control.
 */
import type { LlamaModel, Token } from "node-llama-cpp";
import { EdgecallError } from "../../errors.js";

/** A control token the template wrote, at `[start, end)` of the prompt. */
interface Cut {
  start: number;
  end: number;
  token: Token;
}

function isControl(model: LlamaModel, token: Token): boolean {
  const attributes = model.getTokenAttributes(token);
  return attributes.control || attributes.unknown;
}

/** The control tokens in the template's text `[from, to)` of `text`. */
function cutsIn(model: LlamaModel, text: string, from: number, to: number): Cut[] {
  const piece = text.slice(from, to);
  const cuts: Cut[] = [];
  let position = 0;
  for (const token of model.tokenize(piece, true)) {
    if (!isControl(model, token)) continue;
    const spelled = model.detokenize([token], true);
    const at = spelled === "" ? -1 : piece.indexOf(spelled, position);
    if (at < 0) {
      throw new EdgecallError(
        "invalid-argument",
        `the model's special token ${token} (${JSON.stringify(spelled)}) was not found in the prompt text it was read from`,
        { subject: "tokenizer" },
      );
    }
    cuts.push({ start: from + at, end: from + at + spelled.length, token });
    position = at + spelled.length;
  }
  return cuts;
}

const asciiSpace = /[ \t\n\v\f\r]/;

/**
 * The tokens of `text` with control tokens parsed only outside `spans` (sorted `[start, end)`
 * ranges). Adds no BOS.
 */
export function tokenizeWithPlainSpans(
  model: LlamaModel,
  text: string,
  spans: readonly (readonly [number, number])[],
): Token[] {
  const cuts: Cut[] = [];
  let from = 0;
  for (const [start, end] of [...spans, [text.length, text.length] as const]) {
    if (start > from) cuts.push(...cutsIn(model, text, from, start));
    from = Math.max(from, end);
  }
  const tokens: Token[] = [];
  let position = 0;
  cuts.forEach((cut, index) => {
    let end = cut.start;
    const attributes = model.getTokenAttributes(cut.token);
    if (attributes.lstrip) while (end > position && asciiSpace.test(text[end - 1]!)) end--;
    tokens.push(...model.tokenize(text.slice(position, end), false));
    tokens.push(cut.token);
    position = cut.end;
    const nextStart = cuts[index + 1]?.start ?? text.length;
    if (attributes.rstrip) while (position < nextStart && asciiSpace.test(text[position]!)) position++;
  });
  tokens.push(...model.tokenize(text.slice(position), false));
  return tokens;
}
