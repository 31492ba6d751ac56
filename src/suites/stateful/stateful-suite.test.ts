/**
 * assistant:stateful as a suite: augmentations keep every reference solution passing (scrambled
 * names run the tools they stand for), worlds are removed when closed, and the shipped scenarios
 * pass `suite check` whole: every reference passes, the null model passes at most a quarter.
 */
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { describe, it } from "node:test";
import { runCliFromSource } from "../../../test/eval-cli.test-support.js";
import type { Sample } from "../../eval/suite.js";
import { checkSuites } from "../../eval/suite-check.js";
import type { AssistantEnvironment } from "./assistant-environment.js";
import { augmentationNames } from "./augment.js";
import { testStatefulSuite } from "./stateful-scenarios.test-support.js";
import { createStatefulSuite } from "./stateful-suite.js";

describe("assistant:stateful", () => {
  it("augmented copies: each its own category, offered tools changed, every reference still passes", async () => {
    const suite = testStatefulSuite();
    const samples = (await suite.samples({ bfclMode: "fc", augment: [...augmentationNames] })) as Sample[];
    assert.equal(samples.length, 3 * (1 + augmentationNames.length));
    const byId = new Map(samples.map((sample) => [sample.id, sample]));
    const base = byId.get("t_sam");
    const scrambled = byId.get("t_sam@scramble-names");
    assert.equal(scrambled?.category, "scramble-names");
    assert.ok(scrambled?.tools.every((tool) => /^tool_[a-z]{4}$/.test(tool.name)));
    assert.deepEqual(
      Object.values(scrambled?.toolNames ?? {}).sort(),
      base?.tools.map((tool) => tool.name).sort(),
    );
    assert.equal(byId.get("t_sam@distract-3")?.tools.length, (base?.tools.length ?? 0) + 3);
    assert.equal(byId.get("t_sam@distract-all")?.tools.length, 39);
    assert.ok(byId.get("t_sam@scramble-descriptions")?.tools.every((tool) => tool.description === undefined));
    const [check] = await checkSuites([suite], { bfclMode: "fc", augment: [...augmentationNames] });
    assert.deepEqual(check?.gold.failed, [], JSON.stringify(check?.gold.explanations));
    assert.equal(check?.gold.passed, samples.length);
    assert.equal(
      check?.null.passed,
      1 + augmentationNames.length,
      "only the flight request is passed by saying no",
    );
  });

  it("a world is removed when its sample is done", async () => {
    const suite = testStatefulSuite();
    const [sample] = (await suite.samples({ bfclMode: "fc" })) as Sample[];
    const environment = (await suite.environment?.(sample as Sample)) as AssistantEnvironment | undefined;
    assert.ok(environment !== undefined && existsSync(environment.folder));
    assert.ok(environment.registry.has("settings_set"));
    environment.close();
    environment.close();
    assert.equal(existsSync(environment.folder), false);
  });

  it("the shipped scenarios pass suite check whole (every reference; the null model at most 25%)", async () => {
    const outcome = await runCliFromSource(["suite", "check", "assistant:stateful", "--json"]);
    assert.equal(outcome.code, 0, outcome.stderr);
    const document = JSON.parse(outcome.stdout) as {
      suites: {
        suite: string;
        samples: number;
        gold: { passed: number; failed: string[] };
        null: { passed: number };
      }[];
    };
    const [check] = document.suites;
    assert.equal(check?.suite, "assistant:stateful");
    assert.deepEqual(check?.gold.failed, []);
    assert.equal(check?.gold.passed, check?.samples);
    assert.ok((check?.null.passed ?? 0) <= 0.25 * (check?.samples ?? 0), `null passed ${check?.null.passed}`);
    const suite = createStatefulSuite();
    const samples = (await suite.samples({ bfclMode: "fc" })) as Sample[];
    assert.equal(samples.length, check?.samples);
  });
});
