/**
 * The checks every generated `assistant:stateful` scenario passes before it is written (English
 * ones by scripts/generate-stateful-scenarios.ts, their twins in other languages by
 * scripts/generate-multilingual-scenarios.ts): the null model's reply meets no milestone outside
 * insufficient-information and meets every one inside it, and the scripted user, replayed over the
 * reference solution's replies, uses every turn and answer exactly when the solution expects.
 */
import { writeFileSync } from "node:fs";
import { defaultSettings } from "../../src/assistant/settings-rules.js";
import { nullModelReply } from "../../src/eval/reference-backend.js";
import { matches } from "../../src/suites/stateful/predicates.js";
import { type Matcher, parseScenarios } from "../../src/suites/stateful/scenario.js";
import { testUnicode } from "../../src/text/unicode-regex.js";
import type { Scenario } from "./builders.js";

/** The scenario with its keys in the file's order. */
export function ordered(scenario: Scenario): Record<string, unknown> {
  return {
    id: scenario.id,
    category: scenario.category,
    ...(scenario.language === undefined ? {} : { language: scenario.language }),
    ...(scenario.twin === undefined ? {} : { twin: scenario.twin }),
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
function checkConversation(scenario: Scenario, problem: (why: string) => void): void {
  const turns = scenario.turns.slice(1);
  const rules = (scenario.answers ?? []).map((rule) => ({ ...rule, used: false }));
  const texts = scenario.reference.flatMap((output) => ("text" in output ? [output.text] : []));
  const last = scenario.reference[scenario.reference.length - 1];
  if (last === undefined || !("text" in last)) problem("the reference must end with a reply");
  texts.forEach((text, index) => {
    const rule = rules.find((candidate) => !candidate.used && testUnicode(candidate.pattern, text));
    const final = index === texts.length - 1;
    if (rule !== undefined) {
      rule.used = true;
      if (final) problem(`the last reply triggers the answer "${rule.reply}"`);
    } else if (turns.length > 0) {
      turns.shift();
      if (final) problem("turns are left after the last reply");
    } else if (!final) problem(`the user has nothing to say after reply ${index + 1}`);
  });
  if (turns.length > 0) problem(`${turns.length} turn(s) never sent`);
  // Insufficient-information answers turn down offered workarounds; the reference makes none.
  if (scenario.category !== "insufficient-information")
    for (const rule of rules) if (!rule.used) problem(`answer "${rule.reply}" never given`);
}

/** Checks what the null model ("I'm sorry, I can't help with that.", no calls) can reach. */
function checkNullModel(scenario: Scenario, problem: (why: string) => void): void {
  const insufficient = scenario.category === "insufficient-information";
  for (const item of scenario.milestones) {
    if ("reply" in item) {
      const met = matches(item.reply as Matcher, nullModelReply);
      if (insufficient && !met) problem(`the null reply misses milestone ${item.id}`);
      if (!insufficient && met) problem(`the null reply meets milestone ${item.id}`);
    } else if (insufficient) problem(`milestone ${item.id} is not a reply`);
    if ("setting" in item && item.after === undefined && scenario.world?.settings === undefined) {
      const defaults: Record<string, unknown> = defaultSettings;
      if (defaults[item.setting as string] === item.value)
        problem(`milestone ${item.id} holds in the seeded world`);
    }
  }
  for (const rule of scenario.answers ?? [])
    if (testUnicode(rule.pattern, nullModelReply))
      problem(`answer pattern ${rule.pattern} matches the null reply`);
  if (insufficient && !(scenario.minefields ?? []).some((item) => "anyChange" in item))
    problem("an insufficient-information scenario needs an anyChange minefield");
  for (const claim of ["success", "unseen-fact"])
    if (insufficient && !(scenario.minefields ?? []).some((item) => item.claims === claim))
      problem(`an insufficient-information scenario needs a claims: ${claim} minefield`);
}

/** What is wrong with `scenario` (empty: nothing), each line naming it. */
export function scenarioProblems(scenario: Scenario): string[] {
  const found: string[] = [];
  const problem = (why: string): void => {
    found.push(`${scenario.id}: ${why}`);
  };
  checkConversation(scenario, problem);
  checkNullModel(scenario, problem);
  if ((scenario.minefields ?? []).length === 0) problem("no minefield");
  return found;
}

/**
 * Writes `scenarios` as JSON lines to `target` after the suite's own loader accepted them; with
 * any problem (the generator's or the loader's) prints them all and exits 1, writing nothing.
 */
export function writeScenarioFile(scenarios: readonly Scenario[], target: string, problems: string[]): void {
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
}
