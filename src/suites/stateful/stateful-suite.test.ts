/**
 * assistant:stateful as a suite: augmentations keep every reference solution passing (scrambled
 * names run the tools they stand for) and worlds are removed when closed. That the shipped
 * scenarios pass `suite check` whole is checked from the command line (test/cli-views.test.ts).
 */
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { describe, it } from "node:test";
import type { Sample } from "../../eval/suite.js";
import { checkSuites } from "../../eval/suite-check.js";
import type { AssistantEnvironment } from "./assistant-environment.js";
import { augmentationNames } from "./augment.js";
import { testStatefulSuite } from "./stateful-scenarios.test-support.js";

describe("assistant:stateful", () => {
  it("augmented copies: each its own category, offered tools changed, every reference still passes", async () => {
    const suite = testStatefulSuite(undefined, { augment: augmentationNames });
    const samples = (await suite.samples()) as Sample[];
    // The flight request's reference only answers: it has no tool-faults copy.
    assert.equal(samples.length, 3 * (1 + augmentationNames.length) - 1);
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
    const faulted = byId.get("t_sam@tool-faults");
    const fault = faulted?.toolFaults?.[0];
    assert.ok(fault, "the copy records its fault");
    assert.deepEqual(faulted?.metadata.toolFaults, faulted?.toolFaults);
    const retries = fault.kind === "truncated" ? 0 : 1;
    assert.equal((faulted?.reference ?? []).length, (base?.reference ?? []).length + retries);
    const [check] = await checkSuites([suite], {});
    assert.deepEqual(check?.gold.failed, [], JSON.stringify(check?.gold.explanations));
    assert.equal(check?.gold.passed, samples.length);
    assert.equal(
      check?.null.passed,
      augmentationNames.length,
      "only the flight request (and its copies) is passed by saying no",
    );
  });

  it("a world is removed when its sample is done", async () => {
    const suite = testStatefulSuite();
    const [sample] = (await suite.samples()) as Sample[];
    const environment = (await suite.environment?.(sample as Sample)) as AssistantEnvironment | undefined;
    assert.ok(environment !== undefined && existsSync(environment.folder));
    assert.ok(environment.registry.has("settings_set"));
    environment.close();
    environment.close();
    assert.equal(existsSync(environment.folder), false);
  });
});
