import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Counterfeit } from "./counterfeit.js";
import type { Sample, Suite, Transcript } from "./suite.js";
import { checkSuites } from "./suite-check.js";

interface Target {
  city: string;
}

function sample(id: string, city: string): Sample<Target> {
  return {
    id,
    suite: "toy:weather",
    category: "weather",
    messages: [{ role: "user", content: `Weather in ${city}?` }],
    tools: [
      {
        name: "weather",
        description: "current weather",
        parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
      },
    ],
    target: { city },
    metadata: {},
    reference: [{ calls: [{ name: "weather", arguments: { city } }] }],
  };
}

function calledCity(transcript: Transcript): unknown {
  for (const part of transcript.turns.at(-1)?.parts ?? [])
    if (part.type === "tool-call") return part.toolCall.arguments.city;
  return undefined;
}

/** A toy suite whose scorer is either strict (the city must match) or fooled by any call of the tool. */
function toySuite(strict: boolean): Suite<Target> {
  return {
    name: "toy:weather",
    version: "1",
    categories: ["weather"],
    samples: () => [sample("a", "Oslo"), sample("b", "Lima"), sample("c", "Pune")],
    scorer: {
      score(target, transcript) {
        const city = calledCity(transcript);
        if (city === undefined) return { passed: false, explanation: "no call" };
        if (strict && city !== target.target.city)
          return {
            passed: false,
            explanation: `asked for ${target.target.city}, the call says ${String(city)}`,
          };
        return { passed: true, explanation: "called weather" };
      },
    },
    counterfeitsOf(entry): Counterfeit[] {
      return [
        {
          kind: "wrong-value",
          outputs: [{ calls: [{ name: "weather", arguments: { city: `${entry.target.city}ville` } }] }],
          why: "a city the user did not name",
        },
        { kind: "false-success", outputs: [{ text: "Done: it is sunny." }], why: "an answer with no lookup" },
      ];
    },
  };
}

describe("suite check: counterfeits", () => {
  it("a strict scorer fails every counterfeit; the report counts them by kind with an explanation each", async () => {
    const [check] = await checkSuites([toySuite(true) as Suite], {});
    assert.equal(check?.gold.passed, 3);
    assert.deepEqual(
      {
        tried: check?.counterfeits?.tried,
        passed: check?.counterfeits?.passed,
        available: check?.counterfeits?.available,
      },
      { tried: 6, passed: 0, available: 6 },
    );
    assert.deepEqual(check?.counterfeits?.byKind, {
      "false-success": { tried: 3, passed: 0 },
      "wrong-value": { tried: 3, passed: 0 },
    });
    const wrongValue = check?.counterfeits?.examples.find((trial) => trial.kind === "wrong-value");
    assert.match(wrongValue?.explanation ?? "", /asked for \w+, the call says \w+ville/);
  });

  it("a scorer a counterfeit fools is caught, naming the sample and kind", async () => {
    const [check] = await checkSuites([toySuite(false) as Suite], {});
    assert.equal(check?.counterfeits?.passed, 3);
    assert.deepEqual(check?.counterfeits?.byKind["wrong-value"], { tried: 3, passed: 3 });
    assert.deepEqual(check?.counterfeits?.byKind["false-success"], { tried: 3, passed: 0 });
    const fooled = check?.counterfeits?.examples.filter((trial) => trial.passed).map((trial) => trial.id);
    assert.deepEqual(fooled?.sort(), ["a", "b", "c"]);
  });

  it("tries at most N of each kind, the same ones every time; 0 tries none", async () => {
    const first = await checkSuites([toySuite(false) as Suite], { counterfeits: 1 });
    const second = await checkSuites([toySuite(false) as Suite], { counterfeits: 1 });
    assert.equal(first[0]?.counterfeits?.tried, 2);
    assert.deepEqual(
      first[0]?.counterfeits?.examples.map((trial) => trial.id),
      second[0]?.counterfeits?.examples.map((trial) => trial.id),
    );
    const none = await checkSuites([toySuite(false) as Suite], { counterfeits: 0 });
    assert.equal(none[0]?.counterfeits, undefined);
  });

  it("a generator that throws is a check failure naming the sample, not a crash", async () => {
    const suite = toySuite(true);
    const broken: Suite<Target> = {
      ...suite,
      counterfeitsOf: (entry) => {
        if (entry.id === "b") throw new Error("no city");
        return suite.counterfeitsOf?.(entry) ?? [];
      },
    };
    const [check] = await checkSuites([broken as Suite], {});
    assert.deepEqual(check?.checkFailures, [{ id: "b", why: "its counterfeits could not be made: no city" }]);
    assert.equal(check?.counterfeits?.tried, 4);
  });
});
