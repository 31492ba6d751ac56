/**
 * The shipped policy suites by name: `policy:retail`, `policy:telecom`, `policy:banking` (group
 * `policy`), each policy-suite.ts's suite over one of the shipped domains.
 */
import type { Suite } from "../../eval/suite.js";
import { bankingDomain } from "./banking/banking-domain.js";
import { createPolicySuite } from "./policy-suite.js";
import { retailDomain } from "./retail/retail-domain.js";
import { telecomDomain } from "./telecom/telecom-domain.js";

/** The policy suite names, in report order. */
export const policySuiteNames = ["policy:retail", "policy:telecom", "policy:banking"] as const;

/** True for a policy suite name. */
export function isPolicySuiteName(name: string): boolean {
  return (policySuiteNames as readonly string[]).includes(name);
}

/** Builds the named policy suite. */
export function createShippedPolicySuite(name: string): Suite {
  if (name === "policy:retail") return createPolicySuite(retailDomain()) as Suite;
  if (name === "policy:telecom") return createPolicySuite(telecomDomain()) as Suite;
  if (name === "policy:banking") return createPolicySuite(bankingDomain()) as Suite;
  throw new Error(`unknown policy suite ${name}`);
}
