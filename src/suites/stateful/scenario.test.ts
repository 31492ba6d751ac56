import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { parseScenarios } from "./scenario.js";

const good = {
  id: "s_one",
  category: "single-tool-call",
  domains: ["settings"],
  turns: ["Mute the phone."],
  milestones: [{ id: "muted", description: "volume 0", setting: "volume", value: 0 }],
  reference: [
    { calls: [{ name: "settings_set", arguments: { setting: "volume", value: 0 } }] },
    { text: "Muted." },
  ],
};

function refusal(scenario: object, line = 1): string {
  const text = `${"\n".repeat(line - 1)}${JSON.stringify(scenario)}\n`;
  try {
    parseScenarios(text, "data.jsonl");
  } catch (error) {
    return (error as Error).message;
  }
  return "(accepted)";
}

describe("scenario file", () => {
  it("reads a good scenario with defaults", () => {
    const [scenario] = parseScenarios(`${JSON.stringify(good)}\n`, "data.jsonl");
    assert.deepEqual(scenario?.minefields, []);
    assert.deepEqual(scenario?.milestones[0]?.after, []);
  });

  it("names the file, line, scenario and field of a bad predicate", () => {
    const badPredicate = {
      ...good,
      milestones: [{ id: "m", description: "d", row: "nope", change: "added" }],
    };
    assert.match(
      refusal(badPredicate, 3),
      /^data\.jsonl:3: scenario s_one: milestones\.0\.row: Invalid option/,
    );
    assert.match(
      refusal({ ...good, minefields: [{ id: "x", description: "d" }] }),
      /minefields\.0: needs exactly one of the keys call, row/,
    );
    const badRegex = { ...good, milestones: [{ id: "m", description: "d", reply: { regex: "(" } }] };
    assert.match(refusal(badRegex), /scenario s_one: milestones\.0\.reply\.regex: bad regular expression/);
    const unknownAfter = { ...good, milestones: [{ ...good.milestones[0], after: ["ghost"] }] };
    assert.match(refusal(unknownAfter), /milestones\.0\.after\.0: no earlier milestone "ghost"/);
    const cycle = {
      ...good,
      milestones: [
        { id: "a", description: "a", after: ["b"], setting: "volume", value: 0 },
        { id: "b", description: "b", after: ["a"], setting: "volume", value: 0 },
      ],
    };
    assert.match(refusal(cycle), /cycle/);
    assert.match(refusal({ ...good, category: "other" }), /scenario s_one: category/);
    assert.match(refusal({ ...good, turns: [] }), /scenario s_one: turns/);
    assert.match(
      (() => {
        try {
          parseScenarios(`${JSON.stringify(good)}\n${JSON.stringify(good)}\n`, "data.jsonl");
        } catch (error) {
          return (error as Error).message;
        }
        return "";
      })(),
      /data\.jsonl:2: scenario s_one: id: appears twice/,
    );
    assert.match(refusal({ ...good, extra: 1 } as object), /scenario s_one:/);
  });
});
