/**
 * Prompt sizes of the probe steps before anything runs: for each step, the largest prompt of its
 * samples, counted as the text of its messages and the JSON of its tools (token counts per tool
 * are memoised, since every step offers the same tools again) plus the chat-markup allowance of
 * probe-context.ts. Stored as `facts.promptTokensEstimate` of each step.
 */
import type { ToolDefinition } from "../messages.js";
import { messageTokens } from "./filler-conversation.js";
import { promptEstimate } from "./probe-context.js";
import type { ProbeStep } from "./probe-suite.js";
import type { TokenCounter } from "./token-counter.js";

/** Sets `facts.promptTokensEstimate` on every step that has samples. */
export function estimateStepPrompts(steps: readonly ProbeStep[], counter: TokenCounter): void {
  const toolTokens = new Map<string, number>();
  const countTool = (tool: ToolDefinition): number => {
    let tokens = toolTokens.get(tool.name);
    if (tokens === undefined) {
      tokens = counter.count(JSON.stringify(tool));
      toolTokens.set(tool.name, tokens);
    }
    return tokens;
  };
  const messageCache = new Map<unknown, number>();
  for (const step of steps) {
    let largest = 0;
    for (const sample of step.samples) {
      // Fillers are shared between the samples of a step: count each message array once.
      let text = 0;
      for (const message of sample.messages) {
        let tokens = messageCache.get(message);
        if (tokens === undefined) {
          tokens = messageTokens([message], counter);
          messageCache.set(message, tokens);
        }
        text += tokens;
      }
      for (const tool of sample.tools) text += countTool(tool);
      largest = Math.max(largest, promptEstimate(text, sample.messages.length));
    }
    if (step.samples.length > 0) step.facts.promptTokensEstimate = largest;
  }
}
