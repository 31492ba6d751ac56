/**
 * Prompt sizes of the probe steps before anything runs: for each step, its largest prompt. The
 * samples are sized by the text of their messages and the JSON of their tools (token counts per
 * tool and per message are memoised, since steps share tools and fillers); the largest is then
 * rendered with the model's chat template and counted, or, where that cannot be done, given the
 * chat-markup allowance of probe-context.ts.
 */
import type { ChatMessage, ToolDefinition } from "../messages.js";
import { messageTokens } from "./filler-conversation.js";
import { promptEstimate } from "./probe-context.js";
import type { ProbeStep } from "./probe-suite.js";
import type { TokenCounter } from "./token-counter.js";

/** Margin added to a rendered prompt's count: other samples of the step may tokenize a little longer. */
export const renderedPromptMargin = 16;

/**
 * Sets `facts.promptTokensEstimate` (and `facts.promptTokensCounted`: whether the estimate comes
 * from the rendered chat template) on every step that has samples. The largest sample by text is
 * rendered with the model's template and counted exactly where the counter can; otherwise the
 * markup allowance is added to the text count.
 */
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
  // Fillers are shared between the samples of a step: count each message once.
  const messageCache = new Map<ChatMessage, number>();
  const countMessage = (message: ChatMessage): number => {
    let tokens = messageCache.get(message);
    if (tokens === undefined) {
      tokens = messageTokens([message], counter);
      messageCache.set(message, tokens);
    }
    return tokens;
  };
  for (const step of steps) {
    let largest: { sample: ProbeStep["samples"][number]; text: number } | undefined;
    for (const sample of step.samples) {
      let text = 0;
      for (const message of sample.messages) text += countMessage(message);
      for (const tool of sample.tools) text += countTool(tool);
      if (largest === undefined || text > largest.text) largest = { sample, text };
    }
    if (largest === undefined) continue;
    const rendered = counter.countPrompt?.(largest.sample.messages, largest.sample.tools);
    step.facts.promptTokensEstimate =
      rendered === undefined
        ? promptEstimate(largest.text, largest.sample.messages.length)
        : rendered + renderedPromptMargin;
    step.facts.promptTokensCounted = rendered !== undefined;
  }
}
