import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { AgentStep } from "./agent-transcript.js";
import { ChatRenderer } from "./chat-renderer.js";

function quietStep(content: string): AgentStep {
  return {
    step: 1,
    rawText: content,
    content,
    reasoning: "",
    calls: [],
    parseErrors: [],
    toolResults: [],
    finishReason: "length",
    usage: { inputTokens: 1, outputTokens: 1 },
    timing: {},
    durationMs: 1,
  } as unknown as AgentStep;
}

function shown(content: string): string {
  let text = "";
  const renderer = new ChatRenderer((piece) => {
    text += piece;
  });
  renderer.handle({ type: "step-start", step: 1 } as never);
  renderer.handle({ type: "step-end", step: 1, record: quietStep(content) });
  return text;
}

describe("ChatRenderer: a reply with nothing to read says what it was", () => {
  it("names an empty reply", () => {
    assert.match(shown(""), /\(empty reply\)/);
  });

  it("names a whitespace-only reply instead of printing blank lines", () => {
    const text = shown("\n".repeat(512));
    assert.match(text, /\(reply: whitespace only, 512 characters\)/);
    assert.ok(text.split("\n").length < 5, JSON.stringify(text));
  });

  it("prints a reply with text as it is", () => {
    assert.match(shown("Hello there."), /Hello there\./);
  });
});
