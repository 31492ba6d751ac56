/**
 * Bounded text for the page: every text a sample's detail embeds (model output, tool output, user
 * turns, expected values) is kept up to a length, and a sample's texts up to a budget in all, so a
 * run of thousands of long trajectories still makes a page of bounded size. A cut text says how many
 * characters were left out (results.jsonl has them all).
 */

/** A text as embedded: `cut` is the number of characters left out at its end (absent: none). */
export interface ClippedText {
  text: string;
  cut?: number;
}

/** Limits of a {@link TextBudget}. */
export interface BudgetLimits {
  /** Longest text kept while the budget lasts. */
  perText: number;
  /** Characters for all texts of one sample. */
  total: number;
  /** Longest text kept once the budget is spent. */
  afterBudget: number;
}

/** A sample's limits: 4,000 characters a text, 40,000 in all, then 300 a text. */
export const sampleLimits: BudgetLimits = { perText: 4000, total: 40_000, afterBudget: 300 };

/** Cuts `text` to at most `limit` characters (not splitting a surrogate pair). */
export function clipText(text: string, limit: number): ClippedText {
  if (text.length <= limit) return { text };
  let end = limit;
  const last = text.charCodeAt(end - 1);
  if (end > 0 && last >= 0xd800 && last <= 0xdbff) end -= 1;
  return { text: text.slice(0, end), cut: text.length - end };
}

/** A value as text: strings as they are, anything else as indented JSON. */
export function displayText(value: unknown): string {
  if (typeof value === "string") return value;
  if (value === undefined) return "";
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}

/** Hands out characters of one sample's detail until its budget is spent. */
export class TextBudget {
  private remaining: number;

  constructor(private readonly limits: BudgetLimits = sampleLimits) {
    this.remaining = limits.total;
  }

  /** The text (a string or any value shown as JSON), cut to what is left. */
  take(value: unknown): ClippedText {
    const limit =
      this.remaining > 0
        ? Math.min(this.limits.perText, Math.max(this.remaining, this.limits.afterBudget))
        : this.limits.afterBudget;
    const clipped = clipText(displayText(value), limit);
    this.remaining = Math.max(0, this.remaining - clipped.text.length);
    return clipped;
  }
}
