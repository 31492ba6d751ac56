/**
 * Counterfeits: near-miss wrong answers a suite generates from each of its samples (a false
 * "done", a hedge, compliance behind a refusal phrase, a call missing what the request fixed, a
 * wrong value, an extra side effect). `suite check` replays each one as a model, through the
 * suite's real solver and scorer, and every one must fail: a scorer that a confident sentence can
 * fool would inflate the scores we exist to check. A suite declares its generators with
 * {@link Suite.counterfeitsOf}; the kinds are its own, written from its failure classes.
 */
import type { ReferenceOutput } from "./sample.js";

/** One near-miss answer to a sample. */
export interface Counterfeit {
  /**
   * The failure class, stable and kebab-case (`false-success`, `hedge`, `denial`, `two-answers`,
   * `disclaimed-compliance`, `missing-fixed-argument`, `wrong-value`, `extra-side-effect`, ...);
   * `suite check` samples and counts counterfeits by kind.
   */
  kind: string;
  /** What the counterfeit model outputs, one entry per model call, as a reference solution's. */
  outputs: ReferenceOutput[];
  /** Why it is wrong, in words ("claims the flight is booked; no tool can book it"). */
  why: string;
}
