/**
 * `suite check` over every shipped suite, as the CLI runs it (the default catalog; BFCL's when its
 * data folder is beside the checkout): every reference passes, the null model stays within what
 * each suite allows, and every suite declares counterfeits, none of which passes its scorer. The
 * security suites are checked whole, counterfeits included, by test/security-suite-check.test.ts
 * (their own checks run the attacks under every policy, minutes on two cores), so they are left out
 * here rather than run twice.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { createSuites } from "../src/eval/suite-catalog.js";
import { checkSuites, type SuiteCheck } from "../src/eval/suite-check.js";
import { bfclDir, hasBfcl, noBfclMessage } from "../src/suites/bfcl-data.test-support.js";
import { defaultSuiteCatalog } from "../src/suites/default-catalog.js";

function counterfeitProblems(check: SuiteCheck): string[] {
  const problems: string[] = [];
  if (check.gold.failed.length > 0) problems.push(`gold failed: ${JSON.stringify(check.gold.explanations)}`);
  if (check.null.ok === false) problems.push(`null model passed ${JSON.stringify(check.null.unexpected)}`);
  if ((check.checkFailures ?? []).length > 0)
    problems.push(`check failures: ${JSON.stringify(check.checkFailures)}`);
  const counterfeits = check.counterfeits;
  if (counterfeits === undefined) problems.push("declares no counterfeits");
  else {
    if (counterfeits.tried === 0) problems.push("no counterfeit tried");
    for (const trial of counterfeits.examples.filter((entry) => entry.passed))
      problems.push(`counterfeit passed: ${trial.id} (${trial.kind}: ${trial.why}): ${trial.explanation}`);
  }
  return problems.map((problem) => `${check.suite}: ${problem}`);
}

async function checkAll(names: readonly string[]): Promise<SuiteCheck[]> {
  const options = { "bfcl-mode": "fc", ...(hasBfcl ? { "bfcl-dir": bfclDir } : {}) };
  const suites = await createSuites(defaultSuiteCatalog(), names, { options });
  return checkSuites(suites, { concurrency: 4 });
}

describe("suite check, every shipped suite", () => {
  const catalog = defaultSuiteCatalog();
  const own = catalog.suites.filter((name) => !name.startsWith("bfcl:") && !name.startsWith("security:"));

  it("assistant, knowledge, research, loops and policy suites: gold passes, counterfeits all fail", async () => {
    const checks = await checkAll(own);
    assert.deepEqual(
      checks.map((check) => check.suite),
      own,
    );
    assert.deepEqual(checks.flatMap(counterfeitProblems), []);
  });

  it("every BFCL suite: gold passes, counterfeits all fail", {
    skip: !hasBfcl && noBfclMessage,
  }, async () => {
    const names = catalog.suites.filter((name) => name.startsWith("bfcl:"));
    const checks = await checkAll(names);
    assert.equal(checks.length, names.length);
    assert.deepEqual(checks.flatMap(counterfeitProblems), []);
  });
});
