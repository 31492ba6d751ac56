/**
 * Counterfeits of `loops:instructions` (see src/eval/counterfeit.ts), made from each prompt's
 * reference answer: for each of its instructions, an answer that breaks that one instruction the
 * way a careless model would (one word short, a stray capital, a comma, the P.S. on top, a section
 * numbered twice, an empty title) while still following every other instruction, so only the
 * broken one can fail it; and answers that reach the instructions by looping (the last sentence
 * repeated at the end, or a sentence written again and again as padding inside the answer).
 */
import type { Counterfeit } from "../../eval/counterfeit.js";
import type { Sample } from "../../eval/suite.js";
import { countWords, followsInstruction, type Instruction, keywordCount } from "./instruction-checks.js";

type Mutation = { text: string; why: string };

const filler = [
  "Keep a short list of what matters most.",
  "Set aside a little time at the end of each week.",
  "Notice what changed and write it down.",
  "Share the plan with someone who can help.",
  "Review the notes before you start again.",
  "Try one new idea at a time.",
  "Celebrate the small wins along the way.",
  "Leave room for rest between the busy days.",
];

/** Text in the case the answer keeps (all capitals, all small letters, or as written). */
function inCaseOf(answer: string, text: string): string {
  if (answer === answer.toLocaleUpperCase()) return text.toLocaleUpperCase();
  if (answer === answer.toLocaleLowerCase()) return text.toLocaleLowerCase();
  return text;
}

function escapePattern(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Replaces the `index`-th whole-word occurrence of `word` (negative: from the end). */
function replaceOccurrence(text: string, word: string, index: number, by: string): string {
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${escapePattern(word)}(?![\\p{L}\\p{N}])`, "giu");
  const matches = [...text.matchAll(pattern)];
  const match = matches.at(index);
  if (match === undefined) return text;
  return text.slice(0, match.index) + by + text.slice(match.index + match[0].length);
}

/** Inserts `sentence` after the answer's first sentence (or at its start). */
function afterFirstSentence(answer: string, sentence: string): string {
  const cut = /[.!?](?=\s)/u.exec(answer);
  if (cut === null) return `${sentence} ${answer}`;
  return `${answer.slice(0, cut.index + 1)} ${sentence}${answer.slice(cut.index + 1)}`;
}

/** Ways to break `instruction` in `answer`, each looking like an honest attempt. */
function breaking(answer: string, instruction: Instruction): Mutation[] {
  switch (instruction.type) {
    case "words_at_least": {
      const parts = answer.split(/(?<=\s)/u);
      let kept = "";
      for (const part of parts) {
        if (countWords(kept + part) > instruction.n - 1) break;
        kept += part;
      }
      return [
        {
          text: `${kept.trimEnd().replace(/[.,;:]?$/u, ".")}`,
          why: `${countWords(kept)} words, fewer than ${instruction.n}`,
        },
      ];
    }
    case "words_at_most": {
      let text = answer;
      for (const sentence of filler)
        if (countWords(text) <= instruction.n) text = `${text} ${inCaseOf(answer, sentence)}`;
      return [{ text, why: `${countWords(text)} words, more than ${instruction.n}` }];
    }
    case "paragraphs": {
      const cut = answer.lastIndexOf("\n\n");
      return cut < 0
        ? []
        : [{ text: `${answer.slice(0, cut)}\n${answer.slice(cut + 2)}`, why: "two paragraphs run together" }];
    }
    case "include_keywords": {
      const keyword = instruction.keywords[0] ?? "";
      let text = answer;
      while (keywordCount(text, keyword) > 0)
        text = replaceOccurrence(text, keyword, 0, inCaseOf(answer, "that"));
      return [{ text, why: `never uses "${keyword}"` }];
    }
    case "exclude_keywords": {
      const keyword = instruction.keywords.at(-1) ?? "";
      return [
        {
          text: afterFirstSentence(answer, inCaseOf(answer, `It is ${keyword} easy.`)),
          why: `uses "${keyword}"`,
        },
      ];
    }
    case "keyword_frequency":
      return [
        {
          text: replaceOccurrence(answer, instruction.keyword, -1, inCaseOf(answer, "easy")),
          why: `"${instruction.keyword}" once too few`,
        },
      ];
    case "bullets": {
      const lines = answer.split("\n");
      const last = lines.findLastIndex((line) => /^\s*[*-]\s+\S/u.test(line));
      if (last < 0) return [];
      const extra = (lines[last] as string).replace(
        /^(\s*[*-]\s+).*$/u,
        `$1${inCaseOf(answer, "Keep it going.")}`,
      );
      return [
        {
          text: [...lines.slice(0, last + 1), extra, ...lines.slice(last + 1)].join("\n"),
          why: `${instruction.n + 1} bullets`,
        },
      ];
    }
    case "title":
      return [
        { text: answer.replace(/<<([^\n<>]+)>>/u, "<$1>"), why: "the title in single angle brackets" },
        { text: answer.replace(/<<([^\n<>]+)>>/u, "<< >>"), why: "an empty title" },
      ];
    case "json":
      return [
        { text: answer.replace(/(\S)(\s*[}\]]\s*)$/u, "$1,$2"), why: "a trailing comma: not JSON" },
        { text: `Here is the JSON:\n${answer}`, why: "a sentence before the JSON" },
      ];
    case "lowercase": {
      const words = [...answer.matchAll(/\p{Ll}{3,}/gu)];
      const middle = words[Math.floor(words.length / 2)];
      if (middle === undefined) return [];
      const word = middle[0];
      const upper = `${word.charAt(0).toLocaleUpperCase()}${word.slice(1)}`;
      return [
        {
          text: answer.slice(0, middle.index) + upper + answer.slice(middle.index + word.length),
          why: `"${upper}" has a capital`,
        },
      ];
    }
    case "uppercase": {
      const words = [...answer.matchAll(/\p{Lu}{3,}/gu)];
      const middle = words[Math.floor(words.length / 2)];
      if (middle === undefined) return [];
      const lower = middle[0].toLocaleLowerCase();
      return [
        {
          text: answer.slice(0, middle.index) + lower + answer.slice(middle.index + lower.length),
          why: `"${lower}" is not in capitals`,
        },
      ];
    }
    case "end_phrase": {
      const phrase = instruction.phrase;
      return [
        { text: `${answer}\n${inCaseOf(answer, "Best wishes.")}`, why: "a sign-off after the end phrase" },
        {
          text: answer.replace(new RegExp(`${escapePattern(phrase.slice(-1))}\\s*$`, "u"), ""),
          why: "the end phrase without its last character",
        },
      ];
    }
    case "no_commas":
      return [
        {
          text: / and /u.test(answer) ? answer.replace(/ and /u, ", and ") : answer.replace(/\. /u, ", "),
          why: "one comma",
        },
      ];
    case "postscript": {
      const marker = new RegExp(`(^|\\n)(\\s*${escapePattern(instruction.marker)}[^\\n]*)`, "iu").exec(
        answer,
      );
      if (marker === null) return [];
      const line = (marker[2] as string).trim();
      const rest = (answer.slice(0, marker.index) + answer.slice(marker.index + marker[0].length)).trim();
      return [{ text: `${line}\n\n${rest}`, why: "the postscript at the top, not at the end" }];
    }
    case "quoted":
      return [{ text: answer.trim().replace(/["”]$/u, ""), why: "the closing quotation mark is missing" }];
    case "sections": {
      const pattern = new RegExp(`(^|\\n)(\\s*${escapePattern(instruction.marker)}\\s+)(\\d+)`, "giu");
      const headers = [...answer.matchAll(pattern)];
      const last = headers.at(-1);
      if (last === undefined || headers.length < 2) return [];
      const at = last.index + (last[1] as string).length + (last[2] as string).length;
      const renumbered = `${answer.slice(0, at)}${headers.length - 1}${answer.slice(at + (last[3] as string).length)}`;
      return [{ text: renumbered, why: `two sections numbered ${headers.length - 1}` }];
    }
    case "placeholders": {
      const last = [...answer.matchAll(/\[([^\][\n]+)\]/gu)].at(-1);
      if (last === undefined) return [];
      const bare =
        answer.slice(0, last.index) + (last[1] as string) + answer.slice(last.index + last[0].length);
      const empty = `${answer.slice(0, last.index)}[ ]${answer.slice(last.index + last[0].length)}`;
      return [
        { text: bare, why: `${instruction.n - 1} placeholders` },
        { text: empty, why: "an empty placeholder" },
      ];
    }
  }
}

/** Answers that meet the instructions by repeating themselves. */
function looping(answer: string): Mutation[] {
  const sentences = answer.match(/[^.!?\n]*\p{L}[^.!?\n]*[.!?]/gu) ?? [];
  const long = sentences
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.split(/\s+/u).length >= 5);
  const sentence = long.at(-1);
  if (sentence === undefined) return [];
  const cut = answer.lastIndexOf(sentence) + sentence.length;
  return [
    {
      text: `${answer.trimEnd()} ${`${sentence} `.repeat(8).trimEnd()}`,
      why: `stuck repeating "${sentence}" at the end`,
    },
    {
      text: `${answer.slice(0, cut)} ${`${sentence} `.repeat(3).trimEnd()}${answer.slice(cut)}`,
      why: `"${sentence}" written four times as padding`,
    },
  ];
}

const kindOf = (type: Instruction["type"]) => `breaks-${type.replaceAll("_", "-")}`;

/** The counterfeits of one prompt: each keeps every instruction but the one it names. */
export function instructionCounterfeits(sample: Sample<{ instructions: Instruction[] }>): Counterfeit[] {
  const reference = sample.reference?.[0];
  if (reference === undefined || !("text" in reference)) return [];
  const answer = reference.text;
  const instructions = sample.target.instructions;
  const keepsAll = (text: string, except?: Instruction) =>
    instructions.every((instruction) => instruction === except || followsInstruction(text, instruction));
  const found: Counterfeit[] = [];
  for (const instruction of instructions)
    for (const mutation of breaking(answer, instruction))
      if (mutation.text !== answer && keepsAll(mutation.text, instruction))
        found.push({ kind: kindOf(instruction.type), outputs: [{ text: mutation.text }], why: mutation.why });
  for (const [index, mutation] of looping(answer).entries())
    if (keepsAll(mutation.text))
      found.push({
        kind: index === 0 ? "stuck-answer" : "padded-answer",
        outputs: [{ text: mutation.text }],
        why: mutation.why,
      });
  return found;
}
