/**
 * The multilingual twins of assistant:stateful: the shipped set (40 twins per language, each of a
 * shipped English scenario), language-filtered suite names, pairs kept together in sample order,
 * the loader's refusals, translated seeded rows, and a slice of the shipped twins proving itself
 * (gold passes, the null model fails). The whole set passes `suite check` from the command line
 * (docs/multilingual.md).
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import type { Sample } from "../../eval/suite.js";
import { checkSuites } from "../../eval/suite-check.js";
import { worldWithChanges } from "./assistant-environment.js";
import { matches } from "./predicates.js";
import { parseScenarios } from "./scenario.js";
import { dndScenario, writeScenarios } from "./stateful-scenarios.test-support.js";
import {
  createStatefulSuite,
  isStatefulLanguageSuiteName,
  languageCounts,
  statefulDataPaths,
} from "./stateful-suite.js";

const [englishPath, twinsPath] = statefulDataPaths() as [string, string];
const englishLines = readFileSync(englishPath, "utf8").trim().split("\n");
const twinLines = readFileSync(twinsPath, "utf8").trim().split("\n");

describe("assistant:stateful in other languages", () => {
  it("ships 40 twins in each of seven languages, every one of a shipped English scenario in its category", () => {
    const english = new Map(
      parseScenarios(englishLines.join("\n"), englishPath).map((item) => [item.id, item]),
    );
    const twins = parseScenarios(twinLines.join("\n"), twinsPath);
    const counts: Record<string, number> = {};
    for (const twin of twins) {
      counts[twin.language] = (counts[twin.language] ?? 0) + 1;
      const original = english.get(twin.twin ?? "");
      assert.ok(original !== undefined, `${twin.id}: its English scenario`);
      assert.equal(twin.category, original.category);
      assert.deepEqual(twin.domains, original.domains);
      assert.equal(twin.milestones.length, original.milestones.length);
      assert.ok(!twin.domains.includes("web"), "the web corpus is English");
    }
    assert.deepEqual(counts, { zh: 40, fr: 40, es: 40, it: 40, pt: 40, ru: 40, hi: 40 });
  });

  it("assistant:stateful@LANG keeps those languages, twins right after their English scenario", async () => {
    assert.ok(isStatefulLanguageSuiteName("assistant:stateful@fr"));
    assert.ok(isStatefulLanguageSuiteName("assistant:stateful@en+hi"));
    assert.ok(!isStatefulLanguageSuiteName("assistant:stateful@de"));
    assert.ok(!isStatefulLanguageSuiteName("assistant:stateful@fr+fr"));
    assert.throws(
      () => createStatefulSuite(undefined, { name: "assistant:stateful@xx" }),
      /languages are en, zh/,
    );
    const suite = createStatefulSuite(undefined, { name: "assistant:stateful@en+ru" });
    const samples = (await suite.samples()) as Sample[];
    assert.deepEqual(languageCounts(samples), { en: 173, ru: 40 });
    assert.equal(suite.name, "assistant:stateful@en+ru");
    assert.ok(suite.categories.includes("multilingual:ru") && !suite.categories.includes("multilingual:fr"));
    const at = samples.findIndex((sample) => sample.id === "ru:stateful_single_dnd");
    assert.equal(samples[at - 1]?.id, "stateful_single_dnd");
    assert.deepEqual(
      {
        category: samples[at]?.category,
        suite: samples[at]?.suite,
        language: samples[at]?.metadata.language,
      },
      { category: "multilingual:ru", suite: "assistant:stateful@en+ru", language: "ru" },
    );
    assert.equal(samples[at]?.metadata.twin, "stateful_single_dnd");
    assert.match(
      String(samples[at]?.user?.instruction),
      /"Включи, пожалуйста.*" Write every message in Russian\.$/,
    );
    assert.doesNotMatch(String(samples[at - 1]?.user?.instruction), /Write every message/);
  });

  it("a slice of the shipped twins passes with its reference solution and fails with the null model", async () => {
    // Seeded rows translated in place, a reply milestone, an answer the scripted user gives.
    const chosen = ["stateful_turns_gym_to_wednesday", "stateful_disamb_wake_alarm"];
    const lines = [
      ...englishLines.filter((line) => chosen.includes((JSON.parse(line) as { id: string }).id)),
      ...twinLines.filter((line) => chosen.includes((JSON.parse(line) as { twin: string }).twin)),
    ];
    assert.equal(lines.length, 16);
    const suite = createStatefulSuite(writeScenarios(lines.map((line) => JSON.parse(line) as object)));
    const [check] = await checkSuites([suite], {});
    assert.deepEqual(check?.gold.failed, [], JSON.stringify(check?.gold.explanations));
    assert.equal(check?.gold.passed, 16);
    assert.equal(check?.null.passed, 0);
    assert.deepEqual(check?.languages, { en: 2, zh: 2, fr: 2, es: 2, it: 2, pt: 2, ru: 2, hi: 2 });
  });

  it("refuses a twin without its English scenario, in another category, or with an ASCII letter class", () => {
    const twin = {
      ...dndScenario,
      id: "fr:t_dnd",
      language: "fr",
      twin: "t_dnd",
      turns: ["Active le mode ne pas déranger."],
    };
    assert.throws(
      () => createStatefulSuite(writeScenarios([twin])),
      /fr:t_dnd: twin: no English scenario "t_dnd"/,
    );
    assert.throws(
      () => createStatefulSuite(writeScenarios([dndScenario, { ...twin, category: "coreference" }])),
      /category coreference differs from its twin's/,
    );
    assert.throws(
      () => parseScenarios(JSON.stringify({ ...twin, twin: undefined }), "x.jsonl"),
      /x\.jsonl:1: scenario fr:t_dnd: twin: a fr scenario names/,
    );
    const ascii = {
      ...twin,
      milestones: [{ id: "said", description: "said so", reply: { regex: "[a-z]+ activé" } }],
    };
    assert.throws(
      () => parseScenarios(JSON.stringify(ascii), "x.jsonl"),
      /milestones\.0\.reply\.regex: \[a-z\] matches ASCII letters only/,
    );
    assert.doesNotThrow(() => createStatefulSuite(writeScenarios([dndScenario, twin])));
  });

  it("translated seeded rows replace the English ones in place; an unknown id is refused", () => {
    const world = worldWithChanges(
      { replace: { alarms: [{ id: "alarm-0002", label: "Пробежка по выходным" }] } },
      "t",
    );
    const alarms = world.alarms as { id: string; label: string; time: string }[];
    assert.deepEqual(
      alarms.map((alarm) => [alarm.id, alarm.label, alarm.time]),
      [
        ["alarm-0001", "Wake up", "06:45"],
        ["alarm-0002", "Пробежка по выходным", "07:30"],
        ["alarm-0003", "Sleep in", "08:30"],
      ],
    );
    assert.throws(
      () => worldWithChanges({ replace: { alarms: [{ id: "alarm-9999", label: "x" }] } }, "t"),
      /t: world\.replace\.alarms\.0: no seeded row "alarm-9999"/,
    );
  });

  it("matchers compare text in any script: folded contains, Unicode-aware regex", () => {
    assert.ok(matches({ contains: "ПРОБЕЖКА" }, "Удалил «пробежка по выходным»"));
    assert.ok(matches({ contains: "１５:００" }, "at 15:00"));
    assert.ok(matches({ contains: "strasse" }, "Hauptstraße 5"));
    assert.ok(matches({ regex: "\\bспортзал\\b" }, "Только спортзал, 18:00"));
    assert.ok(matches({ regex: "\\b30\\b" }, "亮度是30%"));
    assert.ok(matches({ regex: "\\b(9|nine)\\b" }, "आपके ९ अपठित ईमेल हैं"));
    assert.ok(matches("Call the bank", "  call   THE bank "));
    assert.ok(matches("Réveil", "RÉVEIL"));
  });
});
