import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { clipText, TextBudget } from "./clip-text.js";
import { expectedView } from "./expected-view.js";
import { markIndexOf } from "./trajectory-view.js";

describe("expected outcomes as the page shows them", () => {
  it("reads BFCL-style possible answers as calls with their accepted values", () => {
    const view = expectedView(
      [{ get_weather: { city: ["Paris", "Paris, France"], unit: ["", "celsius"] } }, { get_time: {} }],
      null,
      new TextBudget(),
    );
    assert.deepEqual(view, {
      kind: "calls",
      calls: [
        {
          tool: "get_weather",
          params: [
            { name: "city", accepted: ['"Paris"', '"Paris, France"'] },
            { name: "unit", accepted: ["", '"celsius"'] },
          ],
        },
        { tool: "get_time", params: [] },
      ],
    });
  });

  it("shows sentences as text, other shapes as JSON, and nothing when none was recorded", () => {
    const budget = new TextBudget();
    assert.deepEqual(expectedView("no call", null, budget), { kind: "text", text: { text: "no call" } });
    assert.deepEqual(expectedView([["turn one"]], null, budget), {
      kind: "json",
      text: { text: '[\n  [\n    "turn one"\n  ]\n]' },
    });
    assert.equal(expectedView(undefined, undefined, budget), null);
    assert.equal(expectedView(null, null, budget), null);
  });

  it("shows a BFCL multi-turn result turn by turn, model beside ground truth, with the first failing turn", () => {
    const details = {
      firstFailingTurn: 1,
      turns: [
        {
          turn: 0,
          calls: [["cd(folder='document')"]],
          results: [['{"current_working_directory": "document"}']],
          groundTruthCalls: ["cd(folder='document')"],
          groundTruthResults: ['{"current_working_directory": "document"}'],
        },
        {
          turn: 1,
          calls: [],
          results: [],
          groundTruthCalls: ["pwd()"],
          groundTruthResults: ['{"current_working_directory": "/document"}'],
        },
      ],
    };
    const view = expectedView([["cd(folder='document')"], ["pwd()"]], details, new TextBudget());
    assert.equal(view?.kind, "multi-turn");
    assert.ok(view?.kind === "multi-turn");
    assert.equal(view.firstFailingTurn, 1);
    assert.deepEqual(view.turns[0]?.calls, [["cd(folder='document')"]]);
    assert.deepEqual(view.turns[1]?.groundTruthCalls, ["pwd()"]);
  });

  it("gives each milestone its order and where it was reached; findings alone still show", () => {
    const details = {
      progress: 0.5,
      milestones: [
        { id: "a", description: "first", reachedAt: 2 },
        { id: "b", description: "second", reachedAt: null },
      ],
      minefields: [{ id: "m", description: "never", hitAt: -1 }],
    };
    const expected = {
      milestones: [
        { id: "a", description: "first", after: [], setting: "wifi", value: false },
        { id: "b", description: "second", after: ["a"], reply: { regex: "done" } },
      ],
      minefields: [{ id: "m", description: "never", anyChange: true }],
      reference: [
        { calls: [{ name: "settings_set", arguments: { setting: "wifi", value: false } }] },
        { text: "Done." },
      ],
    };
    const view = expectedView(expected, details, new TextBudget());
    assert.equal(view?.kind, "stateful");
    if (view?.kind !== "stateful") return;
    assert.deepEqual(view.milestones[1], {
      id: "b",
      description: "second",
      after: ["a"],
      check: '{"reply":{"regex":"done"}}',
      reachedAt: null,
    });
    assert.equal(view.milestones[0]?.reachedAt, 2);
    assert.equal(view.minefields[0]?.hitAt, -1);
    assert.deepEqual(view.reference[1], { text: { text: "Done." } });
    const fromFindings = expectedView(undefined, details, new TextBudget());
    assert.equal(fromFindings?.kind === "stateful" && fromFindings.milestones.length, 2);
    const marks = markIndexOf(details);
    assert.deepEqual(marks.get(2)?.reached, [{ id: "a", description: "first" }]);
    assert.deepEqual(marks.get(-1)?.hit, [{ id: "m", description: "never" }]);
  });
});

describe("text budget", () => {
  it("cuts long texts, then every text short once a sample's budget is spent", () => {
    const budget = new TextBudget({ perText: 10, total: 25, afterBudget: 3 });
    assert.deepEqual(budget.take("short"), { text: "short" });
    assert.deepEqual(budget.take("x".repeat(30)), { text: "x".repeat(10), cut: 20 });
    assert.deepEqual(budget.take("y".repeat(30)), { text: "y".repeat(10), cut: 20 });
    assert.deepEqual(budget.take("z".repeat(30)), { text: "zzz", cut: 27 });
    assert.deepEqual(budget.take({ a: 1 }), { text: '{\n  "a": 1\n}'.slice(0, 3), cut: 9 });
  });

  it("never splits a surrogate pair", () => {
    assert.deepEqual(clipText("ab😀cd", 3), { text: "ab", cut: 4 });
  });
});
