/**
 * `policy:<domain>` suites (tau2-bench is the anchor): conversations between the agent under test
 * and a simulated user, over a domain's SQLite database and under its written policy (markdown in
 * the system prompt). Each task runs with the conversation solver in a fresh copy of the seeded
 * database; the reward is tau2's (final database = gold actions replayed on a fresh copy, times
 * every required piece of information given). `suite check` also requires that the scripted user
 * ends every gold conversation itself, and lets the null model pass only tasks whose correct
 * outcome is to change nothing and say nothing in particular.
 */
import { canonicalJson } from "../../canonical-json.js";
import { conversationSolver } from "../../eval/solvers/agent-solver.js";
import type { Sample, Suite } from "../../eval/suite.js";
import { sha256Hex } from "../../sha256.js";
import { type GoldState, replayGold } from "./gold-replay.js";
import { policyCounterfeits } from "./policy-counterfeits.js";
import { buildTemplate, openCopy } from "./policy-database.js";
import type { PolicyDomain } from "./policy-domain.js";
import {
  type PolicyEnvironment,
  policyEnvironment,
  registryOf,
  transfersTable,
  transferTool,
} from "./policy-environment.js";
import {
  type PolicyRules,
  type PolicyScoreDetails,
  type PolicyTarget,
  policyScorer,
} from "./policy-scorer.js";
import type { PolicyTask } from "./policy-task.js";
import { modelPolicyUser, scriptedPolicyUser } from "./policy-user.js";

/** Most user turns of a policy conversation, the first included. */
export const policyMaxUserTurns = 16;

/** The system prompt: who the agent is, then the policy. */
export function policySystemPrompt(domain: PolicyDomain): string {
  return [
    `You are a customer-service agent for the ${domain.name} domain. Help the user with their request using the tools, and follow the policy below exactly.`,
    "Make at most one tool call at a time when a later call depends on an earlier result. If the policy does not allow something, explain why and do not do it.",
    "",
    domain.policy.trim(),
  ].join("\n");
}

/** True when a task's correct outcome is to change nothing and say nothing in particular. */
export function doNothingTask(domain: PolicyDomain, task: PolicyTask): boolean {
  const writes = new Set(
    [...domain.agentTools, ...(domain.userTools ?? []), transferTool]
      .filter((spec) => spec.write)
      .map((spec) => spec.name),
  );
  return task.requiredInfo.length === 0 && task.goldActions.every((action) => !writes.has(action.name));
}

/** The suite of `domain`. */
export function createPolicySuite(domain: PolicyDomain): Suite<PolicyTarget> {
  const name = `policy:${domain.name}`;
  const template = buildTemplate(`${domain.schema}\n${transfersTable}`, domain.seed);
  const reader = openCopy(template);
  let tasks: PolicyTask[];
  try {
    tasks = domain.tasks(reader);
  } finally {
    reader.close();
  }
  const gold = new Map<string, GoldState>();
  const goldOf = (task: PolicyTask): GoldState => {
    let state = gold.get(task.id);
    if (state === undefined) {
      state = replayGold(domain, template, task);
      gold.set(task.id, state);
    }
    return state;
  };
  const system = policySystemPrompt(domain);
  const definitions = registryOf([...domain.agentTools, transferTool], () => {
    throw new Error("definitions only");
  }).definitions();
  const version = `policy-v2+sha256:${sha256Hex(canonicalJson({ system, schema: domain.schema, tasks, definitions, user: domain.userTools?.map((tool) => tool.name) ?? [] })).slice(0, 16)}`;
  const rules: PolicyRules = {
    writeTools: new Set(domain.agentTools.filter((spec) => spec.write).map((spec) => spec.name)),
    authenticationTools: new Set(domain.authenticationTools),
    publicTools: new Set(domain.publicTools ?? []),
  };
  const sampleOf = (task: PolicyTask): Sample<PolicyTarget> => ({
    id: task.id,
    suite: name,
    category: domain.name,
    messages: [
      { role: "system", content: system },
      { role: "user", content: task.user.opening },
    ],
    tools: definitions,
    target: { task },
    metadata: { domain: domain.name, kind: task.kind },
    user: { turns: [], answers: [], instruction: task.instruction, maxTurns: policyMaxUserTurns },
    reference: task.reference,
    expected: { goldActions: task.goldActions, requiredInfo: task.requiredInfo, minefields: task.minefields },
  });
  return {
    name,
    version,
    categories: [domain.name],
    solver: conversationSolver,
    scorer: policyScorer(goldOf, rules),
    counterfeitsOf: (sample) => policyCounterfeits(sample, rules),
    environment: (sample) => policyEnvironment(domain, template, (sample.target as PolicyTarget).task.device),
    samples: () => tasks.map(sampleOf),
    user(sample, environment, options) {
      const { task } = sample.target as PolicyTarget;
      const world = environment as PolicyEnvironment;
      return options.model === undefined
        ? scriptedPolicyUser(task, world.userRegistry)
        : modelPolicyUser(
            task,
            world.userRegistry,
            domain.userToolsNote,
            options.model,
            options.sampling,
            sample.id,
          );
    },
    checkReference(result) {
      const details = result.scoreDetails as PolicyScoreDetails | null | undefined;
      if (details?.userStop === "###STOP###") return undefined;
      return `the scripted user did not finish the gold conversation (it ended: ${result.trajectory?.stopReason ?? "no trajectory"})`;
    },
    nullMayPass: (sample) => doNothingTask(domain, (sample.target as PolicyTarget).task),
  };
}
