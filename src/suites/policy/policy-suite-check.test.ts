/**
 * `suite check` over the three shipped policy suites: every gold conversation reaches its task's
 * target database with the scripted user finishing it, the null model fails every task whose
 * correct outcome changes something or tells something, every counterfeit fails (policy-counterfeits.ts),
 * and the counts the issue asks for hold.
 * Also: a run with repeats reports pass^k with intervals, tool errors, violations, transfers and
 * which user played. (All three suites: about 10-20 s on two busy cores.)
 */
import assert from "node:assert/strict";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { jsonCall, replayModel } from "../../agent/replay-script.test-support.js";
import { runEvalSession } from "../../eval/eval-session.js";
import type { Sample, Suite } from "../../eval/suite.js";
import { checkSuites } from "../../eval/suite-check.js";
import type { PolicyTarget } from "./policy-scorer.js";
import { createShippedPolicySuite, policySuiteNames } from "./shipped-policy-suites.js";

const minimum: Record<string, number> = { "policy:retail": 60, "policy:telecom": 40, "policy:banking": 40 };

describe("policy suite check", () => {
  it("gold passes everywhere, the null model fails at least 90%, every domain has its tasks", async () => {
    const suites = policySuiteNames.map((name) => createShippedPolicySuite(name));
    const checks = await checkSuites(suites, { concurrency: 4 });
    for (const check of checks) {
      assert.ok(check.samples >= (minimum[check.suite] ?? 0), `${check.suite}: ${check.samples} tasks`);
      assert.deepEqual(check.gold.failed, [], JSON.stringify(check.gold.explanations));
      assert.deepEqual(check.null.unexpected, [], check.suite);
      assert.equal(check.null.ok, true);
      assert.ok(check.null.passed <= 0.1 * check.samples, `${check.suite}: null passed ${check.null.passed}`);
      // Counterfeits (a false "done", a wrong argument, an extra side effect, and the policy-breaking
      // but state-correct ones) all fail, each kind tried.
      const counterfeits = check.counterfeits;
      assert.ok(counterfeits !== undefined, check.suite);
      assert.equal(
        counterfeits.passed,
        0,
        JSON.stringify(counterfeits.examples.filter((trial) => trial.passed)),
      );
      assert.equal(counterfeits.harnessErrors, 0);
      assert.deepEqual(Object.keys(counterfeits.byKind).sort(), [
        "extra-side-effect",
        "false-claim",
        "false-success",
        "identity-not-asked",
        "no-confirmation",
        "unauthenticated",
        "wrong-argument",
      ]);
    }
  });

  it("tasks are varied: distinct kinds, distinct users, refuse tasks whose gold changes nothing", async () => {
    for (const name of policySuiteNames) {
      const samples = (await createShippedPolicySuite(name).samples()) as Sample<PolicyTarget>[];
      const kinds = new Set(samples.map((sample) => sample.target.task.kind));
      assert.ok(kinds.size >= 7, `${name}: ${[...kinds].join(", ")}`);
      assert.equal(new Set(samples.map((sample) => sample.id)).size, samples.length);
      assert.equal(new Set(samples.map((sample) => sample.target.task.instruction)).size, samples.length);
      const refusals = samples.filter((sample) => sample.target.task.minefields.length > 0);
      assert.ok(refusals.length >= 3, `${name}: ${refusals.length} tasks with minefields`);
    }
  });

  it("eval with repeats: pass^k with intervals, tool errors, violations, transfers and the user", async () => {
    const suite = createShippedPolicySuite("policy:retail") as Suite<PolicyTarget>;
    const all = (await suite.samples()) as Sample<PolicyTarget>[];
    const picked = ["retail-cancel-01", "retail-transfer-01"].map(
      (id) => all.find((sample) => sample.id === id) as Sample<PolicyTarget>,
    );
    const small: Suite = { ...(suite as Suite), samples: () => picked };
    const lines = picked.flatMap((sample) =>
      [0, 1].flatMap((repeat) =>
        (sample.reference ?? []).map((output, position) => ({
          id: sample.id,
          // The second attempt of the cancellation first calls a tool that does not exist (a tool error).
          output:
            "text" in output
              ? output.text
              : repeat === 1 && position === 1 && sample.id === "retail-cancel-01"
                ? [
                    jsonCall("lookup_everything", {}),
                    ...output.calls.map((call) => jsonCall(call.name, call.arguments)),
                  ].join("\n")
                : output.calls.map((call) => jsonCall(call.name, call.arguments)).join("\n"),
        })),
      ),
    );
    const backend = replayModel(lines);
    const outcome = await runEvalSession({
      model: `replay:${backend.info.model}`,
      suiteObjects: [small],
      backend,
      progress: false,
      cache: false,
      repeats: 2,
      out: mkdtempSync(join(tmpdir(), "edgecall-policy-eval-")),
    });
    const [category] = outcome.summary.categories;
    assert.equal(outcome.summary.simulatedUser, "scripted");
    assert.equal(category?.n, 4);
    assert.deepEqual(Object.keys(category?.passHatK ?? {}), ["1", "2"]);
    assert.equal(category?.passHatKCi95?.["2"]?.length, 2);
    assert.equal(category?.agent?.transfers, 2);
    assert.equal(category?.agent?.violations, 0);
    assert.ok((category?.agent?.toolErrors ?? 0) >= 1);
  });
});
