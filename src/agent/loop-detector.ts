/**
 * "Stuck" detection for the agent loop (defined in docs/agent-loop.md):
 *
 * (a) repeated call: the same call (tool name + canonical JSON of its arguments) seen
 *     `repeatedCallLimit` times (default 3) in one session;
 * (b) degenerate output: the tail of one output is periodic. For each period P from 1 to
 *     `maxPeriod` characters, the periodic tail is the longest suffix in which every character
 *     equals the one P characters before it, plus the P characters it started from. The output is
 *     stuck when, for the smallest such P, the tail holds at least `minRepeats` whole copies of its
 *     unit and spans at least `minChars` characters. Trailing white space is ignored, and a last
 *     unit cut short (a generation stopped mid-word) still counts, because only the suffix is checked.
 *
 * Ordinary prose never has a periodic tail of 60+ characters, even when it repeats common words,
 * so (b) needs no vocabulary and works for any language and for text without spaces.
 */
import { callIdentity } from "../canonical-json.js";
import type { ToolCall } from "../messages.js";

/** Thresholds of detector (b). */
export interface RepetitionSettings {
  /** Longest unit considered, in characters. Default 200 (about 30 words). */
  maxPeriod?: number;
  /** Fewest whole copies of the unit in the periodic tail. Default 4. */
  minRepeats?: number;
  /** Fewest characters the periodic tail must span. Default 60. */
  minChars?: number;
}

/** Settings of both detectors. */
export interface LoopSettings extends RepetitionSettings {
  /** Detector (a): how many times one identical call may appear before the session is stuck. Default 3. */
  repeatedCallLimit?: number;
}

/** What detector (b) found: the repeated unit and how many whole times it repeats. */
export interface Repetition {
  stuck: true;
  /** The first copy of the repeated unit, as it appears in the text. */
  unit: string;
  /** Whole copies of the unit in the periodic tail. */
  repeats: number;
  /** Characters the periodic tail spans (the last copy may be partial). */
  spanChars: number;
}

/** Evidence recorded in the transcript when the loop stops as `stuck`. */
export type StuckEvidence =
  | {
      detector: "repeated-call";
      call: { name: string; arguments: Record<string, unknown> };
      occurrences: number;
    }
  | ({ detector: "repetitive-output"; step: number } & Omit<Repetition, "stuck">);

const defaults = { maxPeriod: 200, minRepeats: 4, minChars: 60, repeatedCallLimit: 3 };

/** Length of the longest suffix of `text` (ending at `end`) where text[i] === text[i - period]. */
function periodicRun(text: string, end: number, period: number): number {
  let index = end - 1;
  while (index - period >= 0 && text.charCodeAt(index) === text.charCodeAt(index - period)) index -= 1;
  return end - 1 - index;
}

/**
 * Detector (b) on one output: the repeated unit at the tail of `text`, or null when the tail is not
 * degenerate. Pure; the eval harness uses it on single outputs.
 */
export function detectRepetition(text: string, settings: RepetitionSettings = {}): Repetition | null {
  const maxPeriod = settings.maxPeriod ?? defaults.maxPeriod;
  const minRepeats = Math.max(2, settings.minRepeats ?? defaults.minRepeats);
  const minChars = settings.minChars ?? defaults.minChars;
  const end = text.trimEnd().length;
  for (let period = 1; period <= maxPeriod && period * (minRepeats - 1) < end; period += 1) {
    const span = periodicRun(text, end, period) + period;
    if (span < minChars || span + period < period * minRepeats) continue;
    // Report the rotation of the unit that starts a word, as a reader would cut it.
    const start = end - span;
    const offset = wordStartOffset(text, start, period);
    const unit = text.slice(start + offset, start + offset + period);
    const rest = span - offset;
    const cut = rest % period;
    // A last copy that lacks only trailing white space (trimmed above) is whole.
    const whole = Math.floor(rest / period) + (cut > 0 && unit.slice(cut).trim() === "" ? 1 : 0);
    if (whole < minRepeats) continue;
    return { stuck: true, unit, repeats: whole, spanChars: span };
  }
  return null;
}

/** The first offset in [0, period) where a word starts inside the periodic tail, else 0. */
function wordStartOffset(text: string, start: number, period: number): number {
  const isSpace = (index: number) => index < 0 || /\s/.test(text[index] ?? "");
  for (let offset = 0; offset < period; offset += 1) {
    if (!isSpace(start + offset) && isSpace(start + offset - 1)) return offset;
  }
  return 0;
}

/** The identity of a call for detector (a): name plus canonical JSON of the arguments. */
export function callKey(call: Pick<ToolCall, "name" | "arguments">): string {
  return callIdentity(call.name, call.arguments);
}

/** Detector (a) over one session: counts identical calls. */
export class RepeatedCallDetector {
  private readonly counts = new Map<string, number>();
  private readonly limit: number;

  constructor(limit: number = defaults.repeatedCallLimit) {
    this.limit = Math.max(2, limit);
  }

  /**
   * Counts `call`; returns the evidence when this occurrence reaches the limit (the caller stops
   * before running it), otherwise null.
   */
  observe(call: ToolCall): StuckEvidence | null {
    const key = callKey(call);
    const occurrences = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, occurrences);
    if (occurrences < this.limit) return null;
    return { detector: "repeated-call", call: { name: call.name, arguments: call.arguments }, occurrences };
  }
}
