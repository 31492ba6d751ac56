/**
 * What `env serve` answers a reset or a step with, in OpenEnv's shape (`{"observation", "reward",
 * "done"}`, as its `serialize_observation` writes it): the observation holds the episode's id, the
 * sample, the conversation so far in OpenAI's wire shape (`messages`, the model's own turns
 * included), the messages since the last action (`new_messages`: tool results, the simulated
 * user's next turn), the offered `tools` and `tool_choice`, and once the episode is done the
 * scorer's `passed` and `explanation`. `reward` is null at a reset, 0 on a step before the end,
 * and the suite's score (0 to 1) at the end.
 */
import type { ToolChoice } from "../backend/model-backend.js";
import { toOpenAIMessages } from "../backend/openai/request.js";
import type { ChatMessage, ToolDefinition } from "../messages.js";

/** Where an episode stands after a reset or a step. */
export interface EpisodeView {
  episodeId: string;
  sampleId: string;
  suite: string;
  /** The conversation so far. */
  messages: readonly ChatMessage[];
  /** Index in `messages` of the first message the client has not seen. */
  newFrom: number;
  tools: readonly ToolDefinition[];
  toolChoice?: ToolChoice;
  stepCount: number;
  done: boolean;
  /** Null at a reset, 0 on a step before the end, the score at the end. */
  reward: number | null;
  /** The scorer's verdict and why, once done. */
  passed: boolean | null;
  explanation: string | null;
}

/** OpenEnv's reply body: `{"observation": {...}, "reward", "done"}`. */
export interface ObservationBody {
  observation: Record<string, unknown>;
  reward: number | null;
  done: boolean;
}

/** The reply body for `view`. */
export function observationBody(view: EpisodeView): ObservationBody {
  const messages = toOpenAIMessages(view.messages);
  return {
    observation: {
      episode_id: view.episodeId,
      sample_id: view.sampleId,
      suite: view.suite,
      messages,
      new_messages: messages.slice(view.newFrom),
      tools: view.tools.map((tool) => ({
        type: "function",
        function: {
          name: tool.name,
          ...(tool.description === undefined ? {} : { description: tool.description }),
          parameters: tool.parameters,
        },
      })),
      tool_choice: view.toolChoice ?? "auto",
      step_count: view.stepCount,
      passed: view.passed,
      explanation: view.explanation,
    },
    reward: view.reward,
    done: view.done,
  };
}
