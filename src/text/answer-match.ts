/**
 * Exact-answer matching for short factual answers (a year, a number, a name): both sides are
 * normalised, then compared whole. Normalising means Unicode NFKC, case folding, markup and
 * punctuation dropped (a decimal point between digits kept), digit-group separators removed
 * ("48,200", "48 200" and "48200" are one number), the number words zero to twenty written as
 * digits, a leading article dropped ("the River Ouzel"), and white space collapsed. Aliases are
 * other accepted forms of the gold answer ("Ouzel" for "River Ouzel"). The answer of a reply is
 * its last "Answer: ..." line, else its last non-empty line.
 */

// biome-ignore format: a word list
const numberWords = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty"];
const numberOfWord = new Map(numberWords.map((word, value) => [word, String(value)]));

/** The normal form of an answer. */
export function normaliseAnswer(text: string): string {
  const folded = text
    .normalize("NFKC")
    .toLowerCase()
    // Digit groups: 48,200 / 48 200 / 48'200 / 48 200 (narrow no-break space) are 48200.
    .replace(/(\d)[,'’\u00a0\u202f ](?=\d{3}(?!\d))/g, "$1")
    .replace(/(\d)[,'’\u00a0\u202f ](?=\d{3}(?!\d))/g, "$1")
    // A decimal point between digits survives the punctuation pass.
    .replace(/(\d)\.(\d)/g, "$1\u0000$2")
    .replace(/[\p{P}\p{S}]+/gu, " ")
    .replace(/\u0000/g, ".");
  const words = folded.split(/\s+/).filter((word) => word !== "");
  if (words.length > 1 && ["the", "a", "an"].includes(words[0] as string)) words.shift();
  return words.map((word) => numberOfWord.get(word) ?? word).join(" ");
}

const answerLine = /^[\s*_#>-]*(?:final\s+)?answer[\s*_]*[:：][\s*_]*(.*)$/iu;

function nonEmptyLines(reply: string): string[] {
  return reply
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "");
}

/** The answer a reply gives: its last "Answer: ..." line (markdown allowed), else its last non-empty line. */
export function extractAnswer(reply: string): string {
  const lines = nonEmptyLines(reply);
  for (let index = lines.length - 1; index >= 0; index--) {
    const match = answerLine.exec(lines[index] as string);
    if (match !== null) return (match[1] as string).trim();
  }
  return lines.at(-1) ?? "";
}

/** Every "Answer: ..." line of a reply, in order. */
export interface AnswerLines {
  /** Each answer line: what it answers, and the non-empty lines between it and the previous one. */
  answers: { answer: string; before: string[] }[];
  /** The non-empty lines after the last answer line (all lines when there is none). */
  after: string[];
}

/** Splits a reply at its "Answer: ..." lines (markdown allowed, "Final answer:" too). */
export function answerLines(reply: string): AnswerLines {
  const answers: AnswerLines["answers"] = [];
  let pending: string[] = [];
  for (const line of nonEmptyLines(reply)) {
    const match = answerLine.exec(line);
    if (match === null) pending.push(line);
    else {
      answers.push({ answer: (match[1] as string).trim(), before: pending });
      pending = [];
    }
  }
  return { answers, after: pending };
}

/** True when `answer` is the gold answer or one of its aliases, once all are normalised. */
export function answerMatches(answer: string, gold: string, aliases: readonly string[] = []): boolean {
  const given = normaliseAnswer(answer);
  if (given === "") return false;
  return [gold, ...aliases].some((form) => normaliseAnswer(form) === given);
}
