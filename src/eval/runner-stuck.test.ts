import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { buildResult } from "./runner.js";
import type { Sample, Suite } from "./suite.js";
import type { ModelTurn, Transcript } from "./transcript.js";

const sample = {
  id: "s1",
  suite: "stub",
  category: "c",
  messages: [{ role: "user", content: "hi" }],
  target: undefined,
} as unknown as Sample;
const item = { ordinal: 0, repeat: 0, sample, suite: { name: "stub" } as unknown as Suite };
const score = { passed: false, explanation: "x" };
const looping = "the same words again. ".repeat(40);
const turn: ModelTurn = {
  rawText: looping,
  parts: [{ type: "text", text: looping }],
  finishReason: "length",
  usage: { inputTokens: 1, outputTokens: 400 },
  timing: { firstTokenMs: 1, totalMs: 2 },
  cached: false,
};
const trajectory = (stopReason: string) =>
  ({
    events: [{ type: "end", turn: 1, stopReason }],
    userTurns: 1,
    steps: 1,
    toolCalls: 0,
    confirmationsAsked: 0,
    stopReason,
  }) as unknown as Transcript["trajectory"];

describe("stuck, computed once per output", () => {
  it("checks the last output when no solver did", () => {
    const transcript: Transcript = { request: { messages: [] }, turns: [turn] };
    assert.equal(buildResult(item, transcript, score, "json").stuck, true);
  });

  it("takes the agent loop's verdict, from the trajectory, when it checked every output", () => {
    const checked = (stopReason: string): Transcript => ({
      request: { messages: [] },
      turns: [turn],
      trajectory: trajectory(stopReason),
      repetitionChecked: true,
    });
    assert.equal(buildResult(item, checked("stuck"), score, "json").stuck, true);
    // The loop said the run ended otherwise: the output is not checked a second time.
    assert.equal(buildResult(item, checked("step-limit"), score, "json").stuck, false);
  });
});
