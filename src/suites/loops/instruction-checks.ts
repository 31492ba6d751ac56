/**
 * Verifiable instructions (IFEval and IFBench are the anchors; the instruction set and every
 * verifier here are edgecall's own): each instruction is a typed object with a check on the
 * answer's visible text. Strict checks the answer as given; loose, as IFEval defines it, passes
 * when any of eight variants passes: the answer, without its first line, without its last line,
 * without both, each also with every `*` removed (markdown emphasis and a stray preamble or
 * sign-off are forgiven).
 */

/** One verifiable instruction. */
export type Instruction =
  | { type: "words_at_least"; n: number }
  | { type: "words_at_most"; n: number }
  | { type: "paragraphs"; n: number }
  | { type: "include_keywords"; keywords: string[] }
  | { type: "exclude_keywords"; keywords: string[] }
  | { type: "keyword_frequency"; keyword: string; atLeast: number }
  | { type: "bullets"; n: number }
  | { type: "title" }
  | { type: "json" }
  | { type: "lowercase" }
  | { type: "uppercase" }
  | { type: "end_phrase"; phrase: string }
  | { type: "no_commas" }
  | { type: "postscript"; marker: string }
  | { type: "quoted" }
  | { type: "sections"; n: number; marker: string }
  | { type: "placeholders"; n: number };

/** The instruction types. */
export const instructionTypes = [
  "words_at_least",
  "words_at_most",
  "paragraphs",
  "include_keywords",
  "exclude_keywords",
  "keyword_frequency",
  "bullets",
  "title",
  "json",
  "lowercase",
  "uppercase",
  "end_phrase",
  "no_commas",
  "postscript",
  "quoted",
  "sections",
  "placeholders",
] as const;

/** Words as the length checks count them: runs of letters, digits, apostrophes and hyphens, in any script. */
export function countWords(text: string): number {
  return text.match(/[\p{L}\p{N}][\p{L}\p{N}\p{M}'’-]*/gu)?.length ?? 0;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Occurrences of `keyword` as a whole word, ignoring case. */
export function keywordCount(text: string, keyword: string): number {
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(keyword)}(?![\\p{L}\\p{N}])`, "giu");
  return text.normalize("NFC").match(pattern)?.length ?? 0;
}

function paragraphs(text: string): string[] {
  return text
    .trim()
    .split(/\n\s*\n/)
    .filter((part) => part.trim() !== "");
}

function unfenced(text: string): string {
  const match = /^\s*```(?:json)?\s*\n([\s\S]*?)\n\s*```\s*$/i.exec(text);
  return match ? (match[1] as string) : text;
}

/**
 * A postscript at the end: a line starting with `marker` in the last paragraph, after some text
 * (a "P.S." on top of the answer, or followed by more paragraphs, is not at the end).
 */
function hasPostscript(text: string, marker: string): boolean {
  const last = paragraphs(text).at(-1) ?? "";
  const line = new RegExp(`(^|\\n)\\s*${escapeRegExp(marker)}`, "i").exec(last);
  if (line === null) return false;
  const before = text.slice(0, text.lastIndexOf(last) + line.index);
  return before.trim() !== "";
}

/** True when `answer` follows `instruction` (strict). */
export function followsInstruction(answer: string, instruction: Instruction): boolean {
  const text = answer.normalize("NFC");
  switch (instruction.type) {
    case "words_at_least":
      return countWords(text) >= instruction.n;
    case "words_at_most":
      return countWords(text) <= instruction.n;
    case "paragraphs":
      return paragraphs(text).length === instruction.n;
    case "include_keywords":
      return instruction.keywords.every((keyword) => keywordCount(text, keyword) > 0);
    case "exclude_keywords":
      return instruction.keywords.every((keyword) => keywordCount(text, keyword) === 0);
    case "keyword_frequency":
      return keywordCount(text, instruction.keyword) >= instruction.atLeast;
    case "bullets":
      return text.split("\n").filter((line) => /^\s*[*-]\s+\S/.test(line)).length === instruction.n;
    case "title":
      // A title has a visible character: "<< >>" is not one.
      return /<<[^\n<>]*[^\s<>][^\n<>]*>>/u.test(text);
    case "json":
      try {
        JSON.parse(unfenced(text).trim());
        return true;
      } catch {
        return false;
      }
    case "lowercase":
      return text === text.toLocaleLowerCase() && /\p{Ll}/u.test(text);
    case "uppercase":
      return text === text.toLocaleUpperCase() && /\p{Lu}/u.test(text);
    case "end_phrase":
      return text
        .trim()
        .replace(/^"|"$/g, "")
        .trim()
        .toLocaleLowerCase()
        .endsWith(instruction.phrase.trim().toLocaleLowerCase());
    case "no_commas":
      // ASCII, full-width, ideographic, small, Arabic and half-width ideographic commas.
      return !/[,，、﹐﹑،､]/u.test(text);
    case "postscript":
      return hasPostscript(text, instruction.marker);
    case "quoted": {
      const trimmed = text.trim();
      return trimmed.length >= 2 && /^["“]/.test(trimmed) && /["”]$/.test(trimmed);
    }
    case "sections": {
      // Exactly n section headers, numbered 1 to n in order.
      const marker = new RegExp(`(?:^|\\n)\\s*${escapeRegExp(instruction.marker)}\\s+(\\d+)`, "gi");
      const numbers = [...text.matchAll(marker)].map((match) => Number(match[1]));
      return numbers.length === instruction.n && numbers.every((number, index) => number === index + 1);
    }
    case "placeholders":
      // A placeholder names something: "[ ]" is not one.
      return (text.match(/\[[^\][\n]*[^\s\][][^\][\n]*\]/gu)?.length ?? 0) >= instruction.n;
  }
}

/** IFEval's loose variants of an answer. */
export function looseVariants(answer: string): string[] {
  const lines = answer.split("\n");
  const withoutFirst = lines.slice(1).join("\n").trim();
  const withoutLast = lines.slice(0, -1).join("\n").trim();
  const withoutBoth = lines.slice(1, -1).join("\n").trim();
  const variants = [answer, withoutFirst, withoutLast, withoutBoth];
  return [...variants, ...variants.map((variant) => variant.replaceAll("*", ""))];
}

/** Strict and loose verdicts of one instruction. */
export interface InstructionVerdict {
  type: Instruction["type"];
  strict: boolean;
  loose: boolean;
}

/** Every instruction's verdict on `answer`. */
export function checkInstructions(
  answer: string,
  instructions: readonly Instruction[],
): InstructionVerdict[] {
  const variants = looseVariants(answer).filter((variant) => variant.trim() !== "");
  return instructions.map((instruction) => {
    const strict = followsInstruction(answer, instruction);
    return {
      type: instruction.type,
      strict,
      loose: strict || variants.some((variant) => followsInstruction(variant, instruction)),
    };
  });
}
