/**
 * Every BFCL suite family declares counterfeits and BFCL's checker (with, for the agentic suites,
 * the answer discipline on top) fails each one, through `suite check`'s real solvers and scorers;
 * the reference solutions still pass. A few samples per suite keep it fast; test/suite-check-all
 * checks every suite whole.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { AgenticTarget } from "../bfcl/agentic/agentic-target.js";
import type { Sample, Suite } from "../eval/suite.js";
import { checkSuites } from "../eval/suite-check.js";
import { createBfclAgenticSuite } from "./bfcl-agentic-suite.js";
import { bfclDir, hasBfcl, noBfclMessage } from "./bfcl-data.test-support.js";
import { createBfclMultiTurnSuite } from "./bfcl-multi-turn-suite.js";
import { createBfclSuite } from "./bfcl-suite.js";

const expectedKinds: Record<string, string[]> = {
  "bfcl:simple_python": ["extra-call", "missing-required-argument", "wrong-function", "wrong-value"],
  "bfcl:parallel_multiple": ["extra-call", "missing-required-argument", "wrong-function", "wrong-value"],
  "bfcl:simple_java": ["extra-call", "missing-required-argument", "wrong-function", "wrong-value"],
  "bfcl:irrelevance": ["call-anyway"],
  "bfcl:live_relevance": ["declined-relevant"],
  "bfcl:multi_turn_base": ["done-without-calls", "dropped-last-call", "wrong-argument"],
  "bfcl:multi_turn_miss_param": ["done-without-calls", "dropped-last-call", "wrong-argument"],
  "bfcl:memory_kv": ["denied-answer", "hedged-answer", "two-answers"],
  "bfcl:web_search_base": ["denied-answer", "hedged-answer", "two-answers"],
};

function suites(): Suite[] {
  return [
    createBfclSuite("simple_python", { bfclDir }),
    createBfclSuite("parallel_multiple", { bfclDir }),
    createBfclSuite("simple_java", { bfclDir }),
    createBfclSuite("irrelevance", { bfclDir }),
    createBfclSuite("live_relevance", { bfclDir }),
    createBfclMultiTurnSuite("multi_turn_base", { bfclDir }),
    createBfclMultiTurnSuite("multi_turn_miss_param", { bfclDir }),
    createBfclAgenticSuite("memory_kv", { bfclDir }),
    createBfclAgenticSuite("web_search_base", { bfclDir }),
  ] as Suite[];
}

describe("BFCL counterfeits", { skip: hasBfcl ? false : noBfclMessage }, () => {
  it("every counterfeit fails, with the checker's reason; every reference passes", async () => {
    const checks = await checkSuites(suites(), {
      limit: 4,
      concurrency: 2,
      counterfeits: "all",
    });
    for (const check of checks) {
      assert.deepEqual(check.gold.failed, [], `${check.suite}: ${JSON.stringify(check.gold.explanations)}`);
      const counterfeits = check.counterfeits;
      assert.ok(counterfeits, `${check.suite} declares counterfeits`);
      assert.deepEqual(Object.keys(counterfeits.byKind).sort(), expectedKinds[check.suite], check.suite);
      const passed = counterfeits.examples.filter((trial) => trial.passed);
      assert.deepEqual(
        passed.map((trial) => `${trial.id} ${trial.kind}: ${trial.explanation}`),
        [],
        `${check.suite}: counterfeits that passed`,
      );
      assert.equal(counterfeits.harnessErrors, 0, check.suite);
      for (const trial of counterfeits.examples)
        assert.notEqual(trial.explanation, "", `${check.suite} ${trial.kind}`);
    }
    // A second answer is never one of the accepted ones (web_search_base_53 accepts 75 and 76).
    const search = createBfclAgenticSuite("web_search_base", { bfclDir });
    const all = search.samples() as Sample<AgenticTarget>[];
    const sample = all.find((entry) => entry.id === "web_search_base_53");
    const two = sample && search.counterfeitsOf?.(sample).find((entry) => entry.kind === "two-answers");
    assert.match(JSON.stringify(two?.outputs.at(-1)), /Either 75 or 77/);
    const memory = checks.find((check) => check.suite === "bfcl:memory_kv");
    const denial = memory?.counterfeits?.examples.find((trial) => trial.kind === "denied-answer");
    assert.match(denial?.explanation ?? "", /BFCL's checker accepts .* but the answer denies/);
  });
});
