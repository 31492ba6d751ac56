/**
 * Writes data/suites/assistant/stateful.jsonl, the scenarios of `assistant:stateful` (format:
 * src/suites/stateful/scenario.ts), one JSON scenario a line, in category order. The scenarios are
 * our own (ToolSandbox's design: milestones, minefields, a scripted user), written as data in
 * scripts/stateful-scenarios/, one file per category. Deterministic: no clock, no randomness.
 *   npx tsx scripts/generate-stateful-scenarios.ts
 * Before writing, the set is checked: the loader accepts every line, every category has at least 18
 * scenarios (160 in all, at most a quarter insufficient-information), the null model's reply meets
 * no milestone outside insufficient-information and meets every one inside it, and the scripted
 * user, replayed over each reference solution's replies, uses every turn and answer exactly when
 * the solution expects (insufficient-information scenarios may keep an answer for an offer the
 * reference never makes).
 */
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { scenarioCategories } from "../src/suites/stateful/scenario.js";
import type { Scenario } from "./stateful-scenarios/builders.js";
import { englishScenarios } from "./stateful-scenarios/english-scenarios.js";
import { scenarioProblems, writeScenarioFile } from "./stateful-scenarios/scenario-checks.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const target = join(root, "data", "suites", "assistant", "stateful.jsonl");

const scenarios: Scenario[] = englishScenarios;

const problems: string[] = [];
for (const scenario of scenarios) problems.push(...scenarioProblems(scenario));
const counts = new Map<string, number>(scenarioCategories.map((name) => [name, 0]));
for (const scenario of scenarios) counts.set(scenario.category, (counts.get(scenario.category) ?? 0) + 1);
for (const [name, count] of counts)
  if (count < 18) problems.push(`category ${name}: only ${count} scenarios`);
if (scenarios.length < 160) problems.push(`only ${scenarios.length} scenarios`);
if ((counts.get("insufficient-information") ?? 0) > scenarios.length / 4)
  problems.push("more than a quarter of the scenarios are insufficient-information");

writeScenarioFile(scenarios, target, problems);
console.log(`wrote ${scenarios.length} scenarios to ${target}`);
for (const [name, count] of counts) console.log(`  ${name}: ${count}`);
