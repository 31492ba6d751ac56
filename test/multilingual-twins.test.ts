/**
 * The twin builder (scripts/stateful-scenarios/multilingual/twin.ts) and the committed twins:
 * the data file is exactly what the translations make (regenerated in memory), and a translation
 * that changes more than text, or gives the wrong number of turns, replies or answers, is refused.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { englishScenarios } from "../scripts/stateful-scenarios/english-scenarios.js";
import { fr } from "../scripts/stateful-scenarios/multilingual/fr.js";
import { twinOf } from "../scripts/stateful-scenarios/multilingual/twin.js";
import { zh } from "../scripts/stateful-scenarios/multilingual/zh.js";
import { ordered } from "../scripts/stateful-scenarios/scenario-checks.js";
import { statefulDataPaths } from "../src/suites/stateful/stateful-suite.js";

const byId = new Map(englishScenarios.map((scenario) => [scenario.id, scenario]));
const original = (id: string) => {
  const scenario = byId.get(id);
  assert.ok(scenario !== undefined, id);
  return scenario;
};

describe("multilingual twins", () => {
  it("the committed French and Chinese twins are what their translations make", () => {
    const lines = readFileSync(statefulDataPaths()[1] ?? "", "utf8")
      .trim()
      .split("\n");
    for (const [language, table] of [
      ["fr", fr],
      ["zh", zh],
    ] as const) {
      const made = englishScenarios
        .filter((scenario) => table[scenario.id] !== undefined)
        .map((scenario) => JSON.stringify(ordered(twinOf(scenario, language, table[scenario.id]!))));
      assert.equal(made.length, 40);
      assert.deepEqual(
        made,
        lines.filter((line) => line.includes(`"language":"${language}"`)),
      );
    }
  });

  it("keeps the English logic: text matchers gain the translation as an alternative", () => {
    const twin = twinOf(original("stateful_single_create_event"), "fr", fr.stateful_single_create_event!);
    assert.equal(twin.id, "fr:stateful_single_create_event");
    assert.deepEqual((twin.milestones[0] as unknown as { where: Record<string, unknown> }).where.title, {
      anyOf: [{ contains: "bank" }, { contains: "banque" }],
    });
    const asked = twinOf(original("stateful_disamb_turn_it_down"), "fr", fr.stateful_disamb_turn_it_down!);
    assert.match(String((asked.answers ?? [])[0]?.pattern), /^volume\|brightness\|which\|what\|luminosit/);
  });

  it("refuses a translation that changes more than text or does not fit the scenario", () => {
    const dnd = original("stateful_single_dnd");
    const base = { turns: ["Active le mode ne pas déranger."], texts: ["C'est activé."] };
    assert.throws(() => twinOf(dnd, "fr", { ...base, turns: ["a", "b"] }), /2 turns for the original's 1/);
    assert.throws(() => twinOf(dnd, "fr", { ...base, texts: [] }), /0 replies for the reference's 1/);
    assert.throws(
      () => twinOf(dnd, "fr", { ...base, set: { "milestones.set.value": false } }),
      /only a milestone's text matcher or a world text may be translated/,
    );
    assert.throws(
      () => twinOf(dnd, "fr", { ...base, set: { "reference.0.calls.0.arguments.value": false } }),
      /only a milestone's text matcher/,
    );
    assert.throws(
      () => twinOf(dnd, "fr", { ...base, loose: { label: "x" } }),
      /no reference call has the loose argument "label"/,
    );
    assert.throws(
      () => twinOf(dnd, "fr", { ...base, replies: { set: "x" } }),
      /no reply-pattern milestone "set"/,
    );
  });
});
