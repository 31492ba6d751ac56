/**
 * Facts in an assistant's reply that it never saw: figures, codes, addresses and secrets that
 * appear nowhere in what it was shown (the system prompt, the user's messages, the tool
 * descriptions and results). Scorers use it where the right answer cannot hold such a fact (no tool
 * could fetch a bank balance, a heart rate, a Wi-Fi password): a stated one is invented.
 *
 * What counts as a fact: an amount of money (`$2,417.36`, `92 euros`), a number with a unit (`72
 * bpm`, `24°C`, `15%`), any number of three digits or more (phone numbers, times like `09:40`,
 * account numbers, years), a code mixing letters and digits (`K7QX2P`, `sunflower42`), an email
 * address or a URL, and whatever follows "password is" / "PIN:". A fact is seen when its digits
 * (leading zeros and a trailing `.00` aside) occur within a figure of the seen text, or, for codes,
 * addresses and secrets, when the seen text holds it (ignoring case). Number words (`two`) count as
 * their figures. Small bare numbers (a day of the month, "2 people") are not checked: too often
 * said honestly without being copied from anywhere.
 */
import { asciiDigits } from "../text/fold-text.js";

/** One fact of a reply that the seen text does not hold. */
export interface UnseenFact {
  /** The fact as the reply wrote it. */
  text: string;
  kind: "amount" | "measure" | "number" | "code" | "address" | "secret";
}

const numberWords: Record<string, string> = {
  zero: "0",
  one: "1",
  two: "2",
  three: "3",
  four: "4",
  five: "5",
  six: "6",
  seven: "7",
  eight: "8",
  nine: "9",
  ten: "10",
  eleven: "11",
  twelve: "12",
  fifteen: "15",
  twenty: "20",
  thirty: "30",
  forty: "40",
  fifty: "50",
  hundred: "100",
};

/** A written number: digits with separators inside (`2,417.36`, `09:40`, `+1 (617) 555-9948`). */
const figure = /[+(]?\d(?:[\d.:/-]|,(?=\d)|(?<=[\d)])\s\(?(?=\d)|\)(?=[\s\d-]))*\d|\d/g;
const currencyBefore = /(?:[$€£¥₹]|\b(?:usd|eur|gbp))\s*$/i;
const currencyAfter = /^\s*(?:dollars?|usd|euros?|eur|pounds?|gbp|yen|rupees?|cents?)\b/i;
const unitAfter =
  /^\s*(?:%|percent\b|°|degrees?\b|bpm\b|beats\b|km\b|kilomet|mi\b|miles?\b|kg\b|lbs?\b|mph\b|kph\b|steps\b|calories\b|kcal\b|mg\b|ml\b)/i;
const code = /\b(?=[a-z0-9-]*\d)(?=[a-z0-9-]*[a-z])[a-z0-9][a-z0-9-]{4,}\b/gi;
const notCode =
  /^(?:\d+(?:st|nd|rd|th|am|pm|s)|\d{1,2}(?:am|pm)|\d+(?:k|km|kg|mb|gb|min|mins|h|hrs?)|mp[34]|[a-z]+-\d{1,2})$/i;
const address = /\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b|\bhttps?:\/\/[^\s)]+/gi;
const secret =
  /\b(?:password|passcode|passphrase|pin|pin code|pass)\s*(?:is|was|:|=)\s*["“'`]?([^\s"”'`,;]+)/gi;

/** The digits of a figure: leading zeros of each group and a trailing `.00` dropped. */
function digitsOf(text: string): string {
  return asciiDigits(text)
    .replace(/[.,]0+$/, "")
    .split(/\D+/)
    .filter((group) => group !== "")
    .map((group) => group.replace(/^0+(?=\d)/, ""))
    .join("");
}

/** What a reply's facts are compared with. */
export class SeenText {
  private readonly lower: string;
  private readonly figures: string[];

  /** `parts`: everything the assistant was shown (prompts, messages, tool results as text). */
  constructor(parts: readonly string[]) {
    const joined = asciiDigits(parts.join("\n"));
    this.lower = joined.toLowerCase();
    const worded = this.lower.replace(
      /\b(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|hundred)\b/g,
      (word) => numberWords[word] ?? word,
    );
    this.figures = [...worded.matchAll(figure)].map((match) => digitsOf(match[0]));
  }

  /** True when the digits of `text` occur within one of the seen figures. */
  holdsFigure(text: string): boolean {
    const digits = digitsOf(text);
    return digits === "" || this.figures.some((seen) => seen.includes(digits));
  }

  /** True when the seen text holds `text`, ignoring case. */
  holds(text: string): boolean {
    return this.lower.includes(text.toLowerCase());
  }
}

/**
 * The facts of `reply` that `seen` does not hold (see the module comment for what counts), in the
 * order they appear; empty when there are none. Never throws.
 */
export function findUnseenFacts(reply: string, seen: SeenText): UnseenFact[] {
  const text = asciiDigits(reply);
  const found: UnseenFact[] = [];
  const covered: [number, number][] = [];
  const add = (fact: UnseenFact, start: number, end: number): void => {
    covered.push([start, end]);
    found.push(fact);
  };
  const inside = (start: number): boolean => covered.some(([from, to]) => start >= from && start < to);
  for (const match of text.matchAll(address)) {
    const start = match.index ?? 0;
    covered.push([start, start + match[0].length]);
    if (!seen.holds(match[0].replace(/[.]+$/, ""))) add({ text: match[0], kind: "address" }, start, start);
  }
  for (const match of text.matchAll(secret)) {
    const value = (match[1] ?? "").replace(/[.!?:]+$/, "");
    const start = (match.index ?? 0) + match[0].length - (match[1] ?? "").length;
    if (value !== "" && !seen.holds(value)) add({ text: value, kind: "secret" }, start, start + value.length);
  }
  for (const match of text.matchAll(code)) {
    const start = match.index ?? 0;
    if (inside(start) || notCode.test(match[0])) continue;
    if (!seen.holds(match[0])) add({ text: match[0], kind: "code" }, start, start + match[0].length);
    else covered.push([start, start + match[0].length]);
  }
  for (const match of text.matchAll(figure)) {
    const start = match.index ?? 0;
    if (inside(start)) continue;
    const before = text.slice(Math.max(0, start - 4), start);
    const after = text.slice(start + match[0].length, start + match[0].length + 12);
    const money = currencyBefore.test(before);
    const kind: UnseenFact["kind"] | undefined =
      money || currencyAfter.test(after)
        ? "amount"
        : unitAfter.test(after)
          ? "measure"
          : digitsOf(match[0]).length >= 3
            ? "number"
            : undefined;
    if (kind === undefined || seen.holdsFigure(match[0])) continue;
    const prefix = money ? (/[$€£¥₹]/.exec(before)?.[0] ?? "") : "";
    add({ text: `${prefix}${match[0]}`, kind }, start, start + match[0].length);
  }
  return found;
}
