/**
 * Every case of the backend conformance suite, in the order they run, and the exceptions a suite
 * call states for a whole need at once: `unscriptable(reason)` for a backend whose exact output
 * cannot be scripted, `unstreamable(reason)` for one without `stream()`.
 */
import { abortCases } from "./abort-cases.test-support.js";
import type { CaseNeed, ConformanceCase } from "./conformance-case.test-support.js";
import { generateCases } from "./generate-cases.test-support.js";
import { closeTwiceCase, describesItselfCase } from "./lifecycle-cases.test-support.js";
import { streamCases } from "./stream-cases.test-support.js";

/** The cases, `close()` last. */
export const conformanceCases: readonly ConformanceCase[] = [
  describesItselfCase,
  ...generateCases,
  ...abortCases,
  ...streamCases,
  closeTwiceCase,
];

/** The names of the cases that need `need`. */
export function caseNamesNeeding(need: CaseNeed): string[] {
  return conformanceCases.filter((item) => item.needs?.includes(need)).map((item) => item.name);
}

function excuse(need: CaseNeed, reason: string): Record<string, string> {
  return Object.fromEntries(caseNamesNeeding(need).map((name) => [name, reason]));
}

/** The `skip` of a backend whose output cannot be scripted: every case that scripts, for `reason`. */
export function unscriptable(reason: string): Record<string, string> {
  return excuse("script", reason);
}

/** The `skip` of a backend without `stream()`: every case that streams, for `reason`. */
export function unstreamable(reason: string): Record<string, string> {
  return excuse("stream", reason);
}
