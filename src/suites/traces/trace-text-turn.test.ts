/**
 * Recorded text turns (issue 33, item 8): a reply passes only when it answers as the trace did,
 * not with any text at all; the judge (`--judge-model`) decides when given; the suite says what a
 * text pass means; and every counterfeit of every turn fails under `suite check` while the
 * recorded turns pass.
 */
import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { replayModel } from "../../agent/replay-script.test-support.js";
import type { Sample } from "../../eval/suite.js";
import { checkSuites } from "../../eval/suite-check.js";
import type { ParsedReply } from "../../messages.js";
import { defaultTraceScoring, scoreTraceReply, type TraceTarget, traceScorer } from "./trace-scorer.js";
import { traceTools, writeTraceFile } from "./traces.test-support.js";
import { createTracesSuite, readTraces } from "./traces-suite.js";

const scratch = mkdtempSync(join(tmpdir(), "edgecall-trace-text-"));
const path = writeTraceFile(scratch);

/** A conversation whose last turn answers in text with no call since the user spoke. */
const chatLine = {
  messages: [
    { role: "user", content: "Write a one-line invitation to Friday's team lunch." },
    { role: "assistant", content: "Join us for the team lunch this Friday at noon!" },
  ],
  tools: traceTools,
};

function samplesOf(text: string): Sample<TraceTarget>[] {
  return readTraces("traces:t.jsonl", "t.jsonl", text).samples;
}

const weather = (samplesOf(writeTraceFileText()).find((sample) => sample.category === "text") ??
  assert.fail("no text turn")) as Sample<TraceTarget>;
const chat = samplesOf(JSON.stringify(chatLine))[0] as Sample<TraceTarget>;

function writeTraceFileText(): string {
  return `${JSON.stringify({
    messages: [
      { role: "user", content: "What's the weather in Paris?" },
      {
        role: "assistant",
        content: null,
        tool_calls: [
          { id: "c1", type: "function", function: { name: "get_weather", arguments: '{"city":"Paris"}' } },
        ],
      },
      { role: "tool", tool_call_id: "c1", content: '{"temperature": 18, "station": "PAR7"}' },
      { role: "assistant", content: "It is 18 degrees in Paris (station PAR7)." },
    ],
    tools: traceTools,
  })}\n`;
}

function text(content: string): ParsedReply {
  return { content, reasoning: "", toolCalls: [], errors: [] };
}

function verdict(sample: Sample<TraceTarget>, content: string) {
  return scoreTraceReply(sample, text(content), defaultTraceScoring);
}

describe("traces: recorded text turns", () => {
  it("the recorded reply and a faithful paraphrase pass", () => {
    assert.equal(verdict(weather, "It is 18 degrees in Paris (station PAR7).").passed, true);
    const paraphrase = verdict(weather, "Paris is at 18°C right now, per station PAR7.");
    assert.equal(paraphrase.passed, true, paraphrase.explanation);
    assert.match(paraphrase.explanation, /18, par7/);
    assert.equal(verdict(chat, "Team lunch on Friday at noon - see you there!").passed, true);
  });

  it("an empty, whitespace-only or bare 'OK' reply fails, saying what the trace answered", () => {
    for (const [reply, type] of [
      ["", "text:empty"],
      ["  \n\t ", "text:empty"],
      ["OK.", "text:acknowledgement"],
      ["Sure thing!", "text:acknowledgement"],
    ] as const) {
      const score = verdict(weather, reply);
      assert.equal(score.passed, false, JSON.stringify(reply));
      assert.equal(score.errorType, type);
      assert.match(score.explanation, /the trace answered "It is 18 degrees/);
    }
  });

  it("a hedge or refusal where the trace answered fails, even around the right answer", () => {
    for (const reply of [
      "I'm not sure, sorry.",
      "I'm sorry, I can't help with that.",
      "I'm not sure, maybe it is 18 degrees (PAR7).",
    ]) {
      const score = verdict(weather, reply);
      assert.equal(score.errorType, "text:hedge", reply);
      assert.match(score.explanation, /hedged or declined/);
    }
  });

  it("a reply without the figures the trace reported from the tool result fails, naming them", () => {
    const score = verdict(weather, "It is 19 degrees in Paris (station PAR8).");
    assert.equal(score.passed, false);
    assert.equal(score.errorType, "text:missing-figure");
    assert.match(score.explanation, /\(18, par7\)/);
    assert.equal(verdict(weather, "Nice weather in Paris today.").passed, false);
  });

  it("a claim of an action no tool call backs fails, unless the trace claimed it too", () => {
    for (const reply of [
      "Done - I've sent the invitation to the whole team.",
      "Join us Friday at noon! I've emailed it to everyone.",
    ]) {
      const score = verdict(chat, reply);
      assert.equal(score.errorType, "text:unbacked-claim", reply);
      assert.match(score.explanation, /no tool was called since the user's message/);
    }
    const claimed = samplesOf(
      JSON.stringify({
        ...chatLine,
        messages: [chatLine.messages[0], { role: "assistant", content: "Done, I've sent it." }],
      }),
    )[0] as Sample<TraceTarget>;
    assert.equal(verdict(claimed, "Done - I've sent it to everyone.").passed, true);
  });

  it("a call where the trace answered in text still fails", () => {
    const score = scoreTraceReply(
      weather,
      {
        content: "",
        reasoning: "",
        errors: [],
        toolCalls: [{ name: "get_weather", arguments: { city: "Paris" } }],
      },
      defaultTraceScoring,
    );
    assert.equal(score.errorType, "text:called");
  });

  it("with a judge, the judge compares meaning; an unreadable answer falls back to the check", async () => {
    const judge = replayModel([
      { id: `${weather.id}#judge`, output: "DIFFERENT" },
      { id: `${weather.id}#judge`, output: "SAME" },
      { id: `${weather.id}#judge`, output: "no idea" },
    ]);
    const scorer = traceScorer(defaultTraceScoring, judge);
    const transcript = (content: string) => ({
      turns: [{ parts: [{ type: "text" as const, text: content }] }],
    });
    const different = await scorer.score(weather, transcript("It is 18 degrees in Rome (PAR7)") as never);
    assert.equal(different.passed, false);
    assert.equal(different.errorType, "text:judged-different");
    const same = await scorer.score(
      weather,
      transcript("Paris: sixty-four Fahrenheit at station PAR7.") as never,
    );
    assert.equal(same.passed, true);
    assert.match(same.explanation, /the judge found/);
    const fallback = await scorer.score(weather, transcript("OK.") as never);
    assert.equal(fallback.errorType, "text:acknowledgement");
    assert.match(fallback.explanation, /the judge gave no verdict/);
    // An empty reply fails before any judge is asked.
    assert.equal((await scorer.score(weather, transcript("") as never)).errorType, "text:empty");
  });

  it("a text pass says what it means: the check without a judge, the wording not compared", () => {
    assert.match(
      verdict(weather, "18 degrees in Paris, station PAR7.").explanation,
      /^text turn passed by the check without a judge: no call, .* \(18, par7\); the wording is not compared$/,
    );
  });

  it("suite check: every counterfeit of every turn fails with a reason; the recorded turns pass", async () => {
    const file = join(scratch, "adversary.jsonl");
    writeFileSync(file, `${writeTraceFileText()}${JSON.stringify(chatLine)}\n`);
    for (const suite of [
      createTracesSuite(`traces:${path}`),
      createTracesSuite(`traces:${file}?tolerance=0.01`),
    ]) {
      const [check] = await checkSuites([suite], { counterfeits: "all" });
      assert.deepEqual(check?.gold.failed, [], JSON.stringify(check?.gold.explanations));
      const counterfeits = check?.counterfeits;
      assert.ok(counterfeits !== undefined && counterfeits.tried > 0);
      assert.equal(
        counterfeits.passed,
        0,
        JSON.stringify(counterfeits.examples.filter((trial) => trial.passed)),
      );
      assert.equal(counterfeits.harnessErrors, 0);
      for (const example of counterfeits.examples) assert.notEqual(example.explanation, "", example.kind);
    }
    const [check] = await checkSuites([createTracesSuite(`traces:${file}`)], {
      counterfeits: "all",
    });
    assert.deepEqual(Object.keys(check?.counterfeits?.byKind ?? {}).sort(), [
      "acknowledgement",
      "call-for-text",
      "empty-reply",
      "extra-call",
      "false-success",
      "hedge",
      "missing-argument",
      "unbacked-claim",
      "whitespace-reply",
      "wrong-figure",
      "wrong-value",
    ]);
  });
});
