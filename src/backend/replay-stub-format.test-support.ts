/**
 * A small stand-in ToolCallFormat for backend tests, independent of src/formats: calls are written
 * `<tool_call>{"name": ..., "arguments": {...}}</tool_call>` (the Hermes / Qwen3 syntax), reasoning
 * `<think>...</think>`. Its parser never throws, like the real ones.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ToolCallFormat } from "../formats/tool-call-format.js";
import type { ContentPart, ToolCall } from "../messages.js";
import type { ScriptedReply } from "./conformance/conformance-harness.test-support.js";
import type { ModelBackend } from "./model-backend.js";
import { createReplayBackend } from "./replay-backend.js";

const BLOCK = /<think>([\s\S]*?)<\/think>|<tool_call>([\s\S]*?)(<\/tool_call>|$)/g;

function parseCall(body: string, closed: boolean): ContentPart {
  const raw = body.trim();
  if (!closed)
    return { type: "tool-call-error", error: { type: "missing-close-tag", message: "no </tool_call>", raw } };
  try {
    const value = JSON.parse(raw) as { name?: unknown; arguments?: unknown };
    if (typeof value.name !== "string" || value.name === "") {
      return {
        type: "tool-call-error",
        error: { type: "missing-name", message: "call without a name", raw },
      };
    }
    const args = value.arguments ?? {};
    if (typeof args !== "object" || args === null || Array.isArray(args)) {
      return {
        type: "tool-call-error",
        error: { type: "invalid-arguments", message: "arguments not an object", raw },
      };
    }
    return { type: "tool-call", toolCall: { name: value.name, arguments: args as Record<string, unknown> } };
  } catch (error) {
    return { type: "tool-call-error", error: { type: "invalid-json", message: String(error), raw } };
  }
}

/** Writes a reply (text, then calls) the way the stub parser reads it back. */
export function renderStubReply(text: string, calls: readonly ToolCall[] = []): string {
  const blocks = calls.map(
    (call) => `<tool_call>\n${JSON.stringify({ name: call.name, arguments: call.arguments })}\n</tool_call>`,
  );
  return [text, ...blocks].filter((piece) => piece !== "").join("\n");
}

/** The stub format (it calls itself `qwen3`, whose call syntax it follows). */
export const stubToolCallFormat: ToolCallFormat = {
  name: "qwen3",
  description: "test stub: <tool_call>{json}</tool_call> calls, <think> reasoning",
  callPrefix: "<tool_call>",
  render(messages) {
    return messages.map((message) => `${message.role}: ${message.content}`).join("\n");
  },
  parse(text) {
    const parts: ContentPart[] = [];
    const pushText = (piece: string): void => {
      if (piece.trim() !== "") parts.push({ type: "text", text: piece.trim() });
    };
    let last = 0;
    for (const match of text.matchAll(BLOCK)) {
      pushText(text.slice(last, match.index));
      last = match.index + match[0].length;
      if (match[1] !== undefined) parts.push({ type: "reasoning", text: match[1].trim() });
      else parts.push(parseCall(match[2] ?? "", match[3] === "</tool_call>"));
    }
    pushText(text.slice(last));
    return parts;
  },
};

/**
 * A replay backend answering `replies` in order, in the stub format (written to `directory/name.jsonl`),
 * each reply taking the longest `delayMs` asked: the scripted model of the conformance harnesses
 * that serve over HTTP (serve, fleet).
 */
export function scriptedReplay(
  directory: string,
  name: string,
  replies: readonly ScriptedReply[],
): ModelBackend {
  const path = join(directory, `${name}.jsonl`);
  const lines = replies.map((reply) =>
    JSON.stringify({ output: renderStubReply(reply.text ?? "", reply.toolCalls) }),
  );
  writeFileSync(path, `${lines.join("\n")}\n`);
  const delayMs = Math.max(0, ...replies.map((reply) => reply.delayMs ?? 0));
  return createReplayBackend({ path, format: stubToolCallFormat, delayMs });
}
