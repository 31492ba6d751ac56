/**
 * Trajectories for reward tests: a sample's reference outputs (or a counterfeit's) as the assistant
 * turns of an OpenAI conversation, with each call under the name the sample offers it (as `suite
 * check`'s reference model answers).
 */
import type { ReferenceOutput, Sample } from "../eval/suite.js";
import type { WireMessage } from "./trajectory-input.js";

/** `outputs` as assistant messages (arguments as JSON strings; their lossless text where kept). */
export function assistantTurns(sample: Sample, outputs: readonly ReferenceOutput[]): WireMessage[] {
  const offered = new Map(Object.entries(sample.toolNames ?? {}).map(([alias, real]) => [real, alias]));
  return outputs.map((output, turn) => {
    if ("text" in output)
      return {
        role: "assistant",
        content: output.text,
        ...(output.finishReason === undefined ? {} : { finish_reason: output.finishReason }),
      };
    return {
      role: "assistant",
      content: null,
      tool_calls: output.calls.map((call, index) => ({
        id: `call_${turn}_${index}`,
        type: "function",
        function: {
          name: offered.get(call.name) ?? call.name,
          arguments: call.argumentsText ?? JSON.stringify(call.arguments),
        },
      })),
    };
  });
}
