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
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { defaultSettings } from "../src/assistant/settings-rules.js";
import { nullModelReply } from "../src/eval/reference-backend.js";
import { matches } from "../src/suites/stateful/predicates.js";
import { type Matcher, parseScenarios, scenarioCategories } from "../src/suites/stateful/scenario.js";
import type { Scenario } from "./stateful-scenarios/builders.js";
import { canonicalisation } from "./stateful-scenarios/canonicalisation.js";
import { coreference } from "./stateful-scenarios/coreference.js";
import { disambiguation } from "./stateful-scenarios/disambiguation.js";
import { insufficientInformation } from "./stateful-scenarios/insufficient-information.js";
import { multipleToolCalls } from "./stateful-scenarios/multiple-tool-calls.js";
import { multipleUserTurns } from "./stateful-scenarios/multiple-user-turns.js";
import { singleToolCall } from "./stateful-scenarios/single-tool-call.js";
import { stateDependency } from "./stateful-scenarios/state-dependency.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const target = join(root, "data", "suites", "assistant", "stateful.jsonl");

const scenarios: Scenario[] = [
  ...singleToolCall,
  ...multipleToolCalls,
  ...multipleUserTurns,
  ...stateDependency,
  ...canonicalisation,
  ...disambiguation,
  ...coreference,
  ...insufficientInformation,
];

const problems: string[] = [];
const problem = (scenario: Scenario, why: string) => problems.push(`${scenario.id}: ${why}`);

/** The scenario with its keys in the file's order. */
function ordered(scenario: Scenario): Record<string, unknown> {
  return {
    id: scenario.id,
    category: scenario.category,
    domains: scenario.domains,
    ...(scenario.world === undefined ? {} : { world: scenario.world }),
    turns: scenario.turns,
    ...(scenario.answers === undefined ? {} : { answers: scenario.answers }),
    milestones: scenario.milestones,
    minefields: scenario.minefields ?? [],
    reference: scenario.reference,
  };
}

/** Replays the scripted user (simulated-user.ts) over the reference's replies. */
function checkConversation(scenario: Scenario): void {
  const turns = scenario.turns.slice(1);
  const rules = (scenario.answers ?? []).map((rule) => ({ ...rule, used: false }));
  const texts = scenario.reference.flatMap((output) => ("text" in output ? [output.text] : []));
  const last = scenario.reference[scenario.reference.length - 1];
  if (last === undefined || !("text" in last)) problem(scenario, "the reference must end with a reply");
  texts.forEach((text, index) => {
    const rule = rules.find((candidate) => !candidate.used && new RegExp(candidate.pattern, "iu").test(text));
    const final = index === texts.length - 1;
    if (rule !== undefined) {
      rule.used = true;
      if (final) problem(scenario, `the last reply triggers the answer "${rule.reply}"`);
    } else if (turns.length > 0) {
      turns.shift();
      if (final) problem(scenario, "turns are left after the last reply");
    } else if (!final) problem(scenario, `the user has nothing to say after reply ${index + 1}`);
  });
  if (turns.length > 0) problem(scenario, `${turns.length} turn(s) never sent`);
  // Insufficient-information answers turn down offered workarounds; the reference makes none.
  if (scenario.category !== "insufficient-information")
    for (const rule of rules) if (!rule.used) problem(scenario, `answer "${rule.reply}" never given`);
}

/** Checks what the null model ("I'm sorry, I can't help with that.", no calls) can reach. */
function checkNullModel(scenario: Scenario): void {
  const insufficient = scenario.category === "insufficient-information";
  for (const item of scenario.milestones) {
    if ("reply" in item) {
      const met = matches(item.reply as Matcher, nullModelReply);
      if (insufficient && !met) problem(scenario, `the null reply misses milestone ${item.id}`);
      if (!insufficient && met) problem(scenario, `the null reply meets milestone ${item.id}`);
    } else if (insufficient) problem(scenario, `milestone ${item.id} is not a reply`);
    if ("setting" in item && item.after === undefined && scenario.world?.settings === undefined) {
      const defaults: Record<string, unknown> = defaultSettings;
      if (defaults[item.setting as string] === item.value)
        problem(scenario, `milestone ${item.id} holds in the seeded world`);
    }
  }
  for (const rule of scenario.answers ?? [])
    if (new RegExp(rule.pattern, "iu").test(nullModelReply))
      problem(scenario, `answer pattern ${rule.pattern} matches the null reply`);
  if (insufficient && !(scenario.minefields ?? []).some((item) => "anyChange" in item))
    problem(scenario, "an insufficient-information scenario needs an anyChange minefield");
}

for (const scenario of scenarios) {
  checkConversation(scenario);
  checkNullModel(scenario);
  if ((scenario.minefields ?? []).length === 0) problem(scenario, "no minefield");
}
const counts = new Map<string, number>(scenarioCategories.map((name) => [name, 0]));
for (const scenario of scenarios) counts.set(scenario.category, (counts.get(scenario.category) ?? 0) + 1);
for (const [name, count] of counts)
  if (count < 18) problems.push(`category ${name}: only ${count} scenarios`);
if (scenarios.length < 160) problems.push(`only ${scenarios.length} scenarios`);
if ((counts.get("insufficient-information") ?? 0) > scenarios.length / 4)
  problems.push("more than a quarter of the scenarios are insufficient-information");

const text = `${scenarios.map((scenario) => JSON.stringify(ordered(scenario))).join("\n")}\n`;
try {
  parseScenarios(text, target);
} catch (error) {
  problems.push((error as Error).message);
}
if (problems.length > 0) {
  console.error(problems.join("\n"));
  process.exit(1);
}
writeFileSync(target, text);
console.log(`wrote ${scenarios.length} scenarios to ${target}`);
for (const [name, count] of counts) console.log(`  ${name}: ${count}`);
