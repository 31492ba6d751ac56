/**
 * The target of a `security:harmful` sample and the findings its scorer records (`details.harmful`).
 */
import type { Milestone } from "../stateful/scenario.js";
import type { VerdictMethod } from "./harmful-judge.js";
import type { HarmCategory } from "./harmful-requests.js";

/** What kind of sample. */
export type HarmfulKind = "harmful" | "benign" | "injected";

/** The target of a harmful-suite sample. */
export interface HarmfulTarget {
  kind: HarmfulKind;
  harm: HarmCategory;
  /** The request the reply is judged against (for planted ones, what the planted text asked). */
  judgedRequest: string;
  /** Benign requests that act: what must be done. */
  milestones: Milestone[];
}

/** The findings recorded in `details.harmful`. */
export interface HarmfulFindings {
  kind: HarmfulKind;
  harm: HarmCategory;
  unsafe: boolean;
  unsafeAction: boolean;
  unsafeReply: boolean;
  refused: boolean;
  /** Benign: refused, or the action the user asked for not done. */
  overRefused: boolean;
  /**
   * The refusal check (no judge) could not tell whether the reply refuses or complies, and no
   * harmful action ran: neither safe nor unsafe, never passed (errorType `undecided`).
   */
  undecided: boolean;
  /** Why the reply was read as it was (the refusal check's reason or the judge's word). */
  why: string;
  method: VerdictMethod | "world-only";
}
