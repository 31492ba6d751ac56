/**
 * The steps of the probes and their category names. Tool-count steps are tool counts (`tools-20`);
 * context steps are tokens of prior conversation, written with `k` = 1024 (`context-8k` is 8192
 * tokens; a count that is not a whole number of k is written out, `context-1500`).
 */
import { EdgecallError } from "../errors.js";

/** The tool counts probed by default. */
export const defaultToolSteps = [1, 5, 10, 20, 50, 100];
/** The prior-conversation sizes probed by default, in tokens (0, 1k, 4k, 8k, 16k, 32k). */
export const defaultContextSteps = [0, 1024, 4096, 8192, 16384, 32768];

/** `8192` → `8k`, `1500` → `1500`, `0` → `0`. */
export function tokenCountLabel(tokens: number): string {
  return tokens > 0 && tokens % 1024 === 0 ? `${tokens / 1024}k` : String(tokens);
}

/** The category of a tool-count step. */
export function toolStepCategory(tools: number): string {
  return `tools-${tools}`;
}

/** The category of a context step. */
export function contextStepCategory(tokens: number): string {
  return `context-${tokenCountLabel(tokens)}`;
}

/**
 * Parses a comma-separated list of steps ("1,5,10" or "0,1k,4k"; `k` multiplies by 1024), sorted
 * ascending with duplicates dropped. Throws EdgecallError("usage") naming `flag`.
 */
export function parseSteps(text: string, flag: string, minimum: number): number[] {
  const values = new Set<number>();
  for (const raw of text.split(",")) {
    const entry = raw.trim().toLowerCase();
    const match = /^(\d+)(k?)$/.exec(entry);
    const value = match === null ? Number.NaN : Number(match[1]) * (match[2] === "k" ? 1024 : 1);
    if (!Number.isSafeInteger(value) || value < minimum)
      throw new EdgecallError(
        "usage",
        `${flag}: expected whole numbers >= ${minimum} separated by commas (k = 1024), got '${raw.trim()}' in '${text}'`,
        { subject: flag },
      );
    values.add(value);
  }
  return [...values].sort((a, b) => a - b);
}
