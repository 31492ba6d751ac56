/**
 * The suites as rule-based reward functions, for reinforcement learning with verifiable rewards:
 * `reward({id, messages}) → {score, passed, explanation}` replays the assistant turns of a whole
 * conversation (OpenAI's format) through the sample's own suite, exactly as `eval` would run that
 * model: its own solver (one call, the agent loop, a conversation with the simulated user, BFCL's
 * multi-turn and agentic loops) over a fresh copy of the sample's world, through the guards, with
 * confirmations answered as in `eval`, then its own scorer. The model is the conversation (see
 * replay-backend.ts): each model call gets the next assistant turn, and nothing once they are used
 * up, so a trajectory that stops early fails unless the sample was already satisfied. The tool
 * results and user turns given are never trusted; differences from the world's are `notes`.
 *
 * For one model call, `{id, completion}` gives the model's raw text (parsed with a tool-call
 * format, default `json`) or one assistant message; it is the conversation of that one turn.
 */
import { EdgecallError } from "../errors.js";
import { rewardValue } from "../eval/reward-value.js";
import { type PlanOptions, planRun, type WorkItem } from "../eval/run-plan.js";
import { runItem } from "../eval/runner.js";
import type { Suite } from "../eval/suite.js";
import { getFormat } from "../formats/registry.js";
import { replayBackend } from "./replay-backend.js";
import { afterHistory, type RewardInput, readTrajectory, rewardInputId } from "./trajectory-input.js";

export type { RewardInput, WireAssistantMessage, WireMessage } from "./trajectory-input.js";

/**
 * What a reward function returns: `reward` in [0, 1] (src/eval/reward-value.ts: the suite's score
 * when its scorer passed the trajectory, else 0) and `score`, the suite's own (graded where it grades).
 */
export interface RewardOutput {
  reward: number;
  score: number;
  passed: boolean;
  /** The scorer's explanation. */
  explanation: string;
  errorType?: string;
  /**
   * What the replay noticed: given tool results or user turns that differ from the world's,
   * assistant turns left over when the solver finished, a conversation that ran out. Absent: none.
   */
  notes?: string[];
}

/** A reward function over a set of suites. */
export type RewardFunction = (input: RewardInput) => Promise<RewardOutput>;

/** The settings a replay's model calls carry (as `suite check`'s). */
const replaySettings = { seed: 0, maxTokens: 1024, decoding: "free", toolChoice: "auto" } as const;

/** Most notes one reward carries. */
const maxNotes = 6;

/**
 * Builds the reward function of `suites` (built already, e.g. with the suite catalog), with
 * `format` reading raw-text completions (default `json`).
 */
export async function createRewardFunction(
  suites: readonly Suite[],
  options: PlanOptions & { format?: string },
): Promise<RewardFunction> {
  const format = getFormat(options.format ?? "json");
  const items = new Map<string, WorkItem>();
  for (const item of await planRun(suites, { ...options, repeats: 1 })) items.set(item.sample.id, item);
  return async (input) => {
    const id = rewardInputId(input);
    const item = items.get(id);
    if (item === undefined)
      throw new EdgecallError("invalid-argument", `reward: no sample "${id}" in the suites given`, {
        subject: "id",
      });
    const trajectory = afterHistory(
      readTrajectory(input, (text) => format.parse(text, item.sample.tools)),
      item.sample.messages,
    );
    const backend = replayBackend(trajectory);
    const result = await runItem({ backend, settings: replaySettings }, item);
    if (result === undefined)
      throw new EdgecallError("internal", `reward: the replay of ${trajectory.id} was stopped`, {
        subject: trajectory.id,
      });
    const notes = [...backend.notes];
    const left = trajectory.outputs.length - backend.used();
    if (left > 0)
      notes.push(
        `the solver finished after ${backend.used()} of ${trajectory.outputs.length} assistant turns; the last ${left === 1 ? "one was" : `${left} were`} not replayed`,
      );
    if (backend.beyond() > 0)
      notes.push(
        `the conversation ran out: ${backend.beyond()} more model call${backend.beyond() === 1 ? " was" : "s were"} answered with nothing`,
      );
    return {
      reward: rewardValue(result),
      score: result.score,
      passed: result.passed,
      explanation: result.explanation,
      ...(result.errorType === null ? {} : { errorType: result.errorType }),
      ...(notes.length === 0 ? {} : { notes: notes.slice(0, maxNotes) }),
    };
  };
}
