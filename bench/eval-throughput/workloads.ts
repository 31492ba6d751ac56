/**
 * The requests bench/eval-throughput.ts sends: a personal-assistant system prompt, the first 10
 * assistant tools (5 for the single-call samples) and four user turns, all greedy with a fixed
 * output length.
 */
import { createAssistantRegistry } from "../../src/assistant/assistant-registry.js";
import type { GenerateRequest } from "../../src/backend/model-backend.js";
import type { ChatMessage, ToolDefinition } from "../../src/messages.js";

const allTools = createAssistantRegistry().definitions();
/** The agent conversation's tools. */
export const agentTools: ToolDefinition[] = allTools.slice(0, 10);
/** The single-call samples' tools. */
export const sharedTools: ToolDefinition[] = allTools.slice(0, 5);

const system: ChatMessage = {
  role: "system",
  content:
    "You are a personal assistant on the user's phone. Use the tools to act on the user's calendar, " +
    "email, contacts, files and settings. Ask before sending anything. Be brief.",
};
const userTurns = [
  "What is on my calendar tomorrow morning?",
  "Move the first meeting to 11:00 and tell me if that clashes with anything.",
  "Find the last email from Dana about the budget.",
  "Reply to her that the new numbers are in the shared folder.",
];

/** A greedy request of `maxTokens` output tokens. */
export function request(
  messages: ChatMessage[],
  tools: ToolDefinition[],
  maxTokens: number,
): GenerateRequest {
  return { messages, tools, maxTokens, sampling: { temperature: 0, seed: 1 } };
}

/**
 * The agent conversation's messages before each model call, as an agent loop makes them: in each
 * of the four user turns the model is called for a tool call, and again after the tool's result
 * for the answer; the calls, results and answers between the calls are scripted (random weights
 * write nothing usable). Eight calls.
 */
export function agentConversation(): ChatMessage[][] {
  const prompts: ChatMessage[][] = [];
  const messages: ChatMessage[] = [system];
  userTurns.forEach((text, turn) => {
    messages.push({ role: "user", content: text });
    prompts.push([...messages]);
    const tool = agentTools[turn % agentTools.length]!;
    messages.push(
      { role: "assistant", content: "", toolCalls: [{ id: `call_${turn}`, name: tool.name, arguments: {} }] },
      { role: "tool", toolCallId: `call_${turn}`, name: tool.name, content: `{"ok": true, "turn": ${turn}}` },
    );
    prompts.push([...messages]);
    messages.push({ role: "assistant", content: `Done (step ${turn + 1}).` });
  });
  return prompts;
}

/** `count` single-call requests sharing the system prompt and 5 tools, each its own user message. */
export function sharedToolRequests(count: number, maxTokens: number, label = "Request"): GenerateRequest[] {
  return Array.from({ length: count }, (_, index) =>
    request(
      [system, { role: "user", content: `${label} ${index + 1}: ${userTurns[index % userTurns.length]}` }],
      sharedTools,
      maxTokens,
    ),
  );
}
