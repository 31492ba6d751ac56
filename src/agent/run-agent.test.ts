import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { ToolCall, ToolDefinition } from "../messages.js";
import type { ToolExecutor, ToolOutcome } from "../tools/tool-executor.js";
import type { AgentEvent } from "./agent-transcript.js";
import { jsonCall, replayModel } from "./replay-script.test-support.js";
import { runAgent } from "./run-agent.js";

type Handler = (args: Record<string, unknown>) => ToolOutcome;

/** A ToolExecutor over plain functions, recording what it ran. */
function fakeExecutor(handlers: Record<string, Handler>): ToolExecutor & { executed: ToolCall[] } {
  const executed: ToolCall[] = [];
  return {
    executed,
    definitions(): ToolDefinition[] {
      return Object.keys(handlers).map((name) => ({ name, parameters: { type: "object" } }));
    },
    async execute(call) {
      const handler = handlers[call.name];
      if (handler === undefined) {
        return {
          ok: false,
          error: { type: "unknown-tool", message: `unknown tool '${call.name}'` },
          decisions: [],
        };
      }
      executed.push(call);
      return handler(call.arguments);
    },
  };
}

const ok = (output: unknown): ToolOutcome => ({
  ok: true,
  output,
  decisions: [{ guard: "schema", verdict: "pass" }],
});

const weatherTools = {
  weather_get: (args: Record<string, unknown>) =>
    ok({ city: args.city, celsius: args.city === "Oslo" ? 4 : 21 }),
  notes_add: () => ok({ saved: true }),
};

describe("runAgent", () => {
  it("runs calls in order, feeds results back and stops on the final answer", async () => {
    const backend = replayModel([
      `[${jsonCall("weather_get", { city: "Oslo" })}, ${jsonCall("weather_get", { city: "Rome" })}]`,
      jsonCall("notes_add", { text: "Oslo 4, Rome 21" }),
      "Oslo is 4 °C and Rome is 21 °C; I noted it.",
    ]);
    const executor = fakeExecutor(weatherTools);
    const events: string[] = [];
    const transcript = await runAgent({
      backend,
      executor,
      messages: [{ role: "user", content: "Weather in Oslo and Rome? Note it." }],
      onEvent: (event) => events.push(event.type === "tool-call" ? `call:${event.call.name}` : event.type),
      stream: false,
    });
    assert.equal(transcript.stopReason, "final");
    assert.equal(transcript.finalText, "Oslo is 4 °C and Rome is 21 °C; I noted it.");
    assert.deepEqual(
      executor.executed.map((call) => call.arguments.city ?? call.name),
      ["Oslo", "Rome", "notes_add"],
    );
    assert.deepEqual(
      transcript.messages.map((message) => message.role),
      ["user", "assistant", "tool", "tool", "assistant", "tool", "assistant"],
    );
    const firstResult = transcript.messages[2];
    assert.equal(firstResult?.role === "tool" && firstResult.toolCallId, "call_1_1");
    assert.equal(firstResult?.content, '{"city":"Oslo","celsius":4}');
    // The second model call saw both results.
    assert.equal(backend.requests[1]?.messages.length, 4);
    assert.equal(backend.requests[0]?.tools?.length, 2);
    assert.deepEqual(events, [
      "step-start",
      "call:weather_get",
      "tool-result",
      "call:weather_get",
      "tool-result",
      "step-end",
      "step-start",
      "call:notes_add",
      "tool-result",
      "step-end",
      "step-start",
      "step-end",
    ]);
    assert.equal(transcript.totals.steps, 3);
    assert.equal(transcript.totals.toolCalls, 3);
    assert.ok(transcript.totals.inputTokens > 0 && transcript.totals.outputTokens > 0);
    assert.equal(transcript.steps[0]?.calls.length, 2);
  });

  it("stops as stuck when the same call comes a third time, without running it", async () => {
    const call = jsonCall("weather_get", { city: "Oslo" });
    const executor = fakeExecutor(weatherTools);
    const transcript = await runAgent({
      backend: replayModel([call, `Checking again. ${call}`, call, "never reached"]),
      executor,
      messages: [{ role: "user", content: "Weather in Oslo?" }],
    });
    assert.equal(transcript.stopReason, "stuck");
    assert.equal(executor.executed.length, 2);
    assert.deepEqual(transcript.stuck, {
      detector: "repeated-call",
      call: { name: "weather_get", arguments: { city: "Oslo" } },
      occurrences: 3,
    });
    assert.equal(transcript.steps[2]?.toolResults[0]?.skipped, "stuck");
    // The skipped call is still answered, so the conversation can go on.
    assert.equal(transcript.messages.at(-1)?.role, "tool");
  });

  it("stops as stuck on degenerate repeating text", async () => {
    const degenerate = `The weather in Oslo is ${"cold and cold and ".repeat(20)}cold an`;
    const transcript = await runAgent({
      backend: replayModel([jsonCall("weather_get", { city: "Oslo" }), degenerate]),
      executor: fakeExecutor(weatherTools),
      messages: [{ role: "user", content: "Weather?" }],
    });
    assert.equal(transcript.stopReason, "stuck");
    assert.equal(transcript.stuck?.detector, "repetitive-output");
    assert.ok(transcript.stuck?.detector === "repetitive-output" && transcript.stuck.unit === "cold and ");
    assert.equal(transcript.stuck?.detector === "repetitive-output" && transcript.stuck.step, 2);
  });

  it("returns invalid calls with the reason, then stops after maxInvalidCalls", async () => {
    const backend = replayModel([
      jsonCall("wether_get", { city: "Oslo" }),
      '{"name": "weather_get", "arguments": {"city": }}',
      jsonCall("weather_get", { city: "Oslo" }),
      jsonCall("nope", {}),
      jsonCall("nope_again", {}),
      "never reached",
    ]);
    const executor = fakeExecutor(weatherTools);
    const transcript = await runAgent({
      backend,
      executor,
      messages: [{ role: "user", content: "Weather?" }],
      maxInvalidCalls: 3,
    });
    assert.equal(transcript.stopReason, "invalid-calls");
    assert.equal(transcript.totals.invalidCalls, 4);
    assert.equal(executor.executed.length, 1);
    // The unknown tool's error went back as a tool message; the unreadable call as a user message.
    const second = backend.requests[1]?.messages.at(-1);
    assert.equal(second?.role, "tool");
    assert.match(second?.content ?? "", /unknown-tool/);
    const third = backend.requests[2]?.messages.at(-1);
    assert.equal(third?.role, "user");
    assert.match(third?.content ?? "", /invalid-json/);
    assert.equal(backend.requests.length, 5);
  });

  it("stops at the step limit and at the token budget", async () => {
    const lines = [1, 2, 3, 4].map((index) => jsonCall("notes_add", { text: `note ${index}` }));
    const limited = await runAgent({
      backend: replayModel(lines),
      executor: fakeExecutor(weatherTools),
      messages: [{ role: "user", content: "Add notes" }],
      maxSteps: 2,
    });
    assert.equal(limited.stopReason, "max-steps");
    assert.equal(limited.steps.length, 2);
    assert.equal(limited.totals.toolCalls, 2);

    const executor = fakeExecutor(weatherTools);
    const budgeted = await runAgent({
      backend: replayModel(lines),
      executor,
      messages: [{ role: "user", content: "Add notes" }],
      tokenBudget: 1,
    });
    assert.equal(budgeted.stopReason, "token-budget");
    assert.equal(executor.executed.length, 0);
    assert.equal(budgeted.steps[0]?.toolResults[0]?.skipped, "token-budget");
  });

  it("stops as aborted when the signal fires during generation", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 30);
    const transcript = await runAgent({
      backend: replayModel([jsonCall("notes_add", {}), "done"], 2_000),
      executor: fakeExecutor(weatherTools),
      messages: [{ role: "user", content: "Add a note" }],
      signal: controller.signal,
    });
    assert.equal(transcript.stopReason, "aborted");
    assert.equal(transcript.steps.length, 0);
  });

  it("ends with stop reason error on a harness error, and streams text deltas", async () => {
    const deltas: string[] = [];
    const transcript = await runAgent({
      backend: replayModel(["Hello there, how can I help?"]),
      executor: fakeExecutor(weatherTools),
      messages: [{ role: "user", content: "Hi" }],
      onEvent: (event: AgentEvent) => {
        if (event.type === "text-delta") deltas.push(event.text);
      },
    });
    assert.equal(transcript.stopReason, "final");
    assert.ok(deltas.length > 1);
    assert.equal(deltas.join(""), "Hello there, how can I help?");

    const exhausted = await runAgent({
      backend: replayModel([jsonCall("notes_add", {})]),
      executor: fakeExecutor(weatherTools),
      messages: [{ role: "user", content: "Add a note" }],
    });
    assert.equal(exhausted.stopReason, "error");
    assert.equal(exhausted.error?.code, "replay-exhausted");
    assert.equal(exhausted.steps.length, 1);
  });

  it("reports confirmations the guards decided as events and counts blocked calls", async () => {
    const executor = fakeExecutor({
      email_send: () => ({
        ok: false,
        error: { type: "denied", message: "email_send was denied: the user declined" },
        decisions: [{ guard: "confirmation", verdict: "denied", reason: "the user declined" }],
      }),
    });
    const confirmations: boolean[] = [];
    const transcript = await runAgent({
      backend: replayModel([jsonCall("email_send", { to: ["x@y.z"] }), "I could not send it."]),
      executor,
      messages: [{ role: "user", content: "Send it" }],
      onEvent: (event) => {
        if (event.type === "confirmation") confirmations.push(event.approved);
      },
    });
    assert.deepEqual(confirmations, [false]);
    assert.equal(transcript.totals.blockedCalls, 1);
    assert.equal(transcript.steps[0]?.toolResults[0]?.decisions[0]?.verdict, "denied");
  });
  it("runs at most maxCallsPerStep calls of one reply (default 16); the rest are answered, not run", async () => {
    const many = Array.from({ length: 1000 }, (_, index) => jsonCall("notes_add", { text: `note ${index}` }));
    const executor = fakeExecutor(weatherTools);
    const transcript = await runAgent({
      backend: replayModel([`[${many.join(", ")}]`, "Saved what I could."]),
      executor,
      messages: [{ role: "user", content: "Add a thousand notes" }],
    });
    assert.equal(transcript.stopReason, "final");
    assert.equal(executor.executed.length, 16);
    assert.equal(transcript.totals.toolCalls, 16);
    const results = transcript.steps[0]?.toolResults ?? [];
    assert.equal(results.length, 1000);
    assert.deepEqual(
      results.slice(15, 17).map((result) => result.skipped),
      [undefined, "call-limit"],
    );
    assert.ok(results.slice(16).every((result) => result.skipped === "call-limit" && !result.outcome));
    const answers = transcript.messages.filter((message) => message.role === "tool");
    assert.equal(answers.length, 1000, "every call gets a tool message");
    assert.match(answers[16]?.content ?? "", /"not-run".*only the first 16 calls of one reply run/);

    const small = fakeExecutor(weatherTools);
    const capped = await runAgent({
      backend: replayModel([`[${many.slice(0, 5).join(", ")}]`, "Done."]),
      executor: small,
      messages: [{ role: "user", content: "Add five notes" }],
      maxCallsPerStep: 2,
    });
    assert.equal(small.executed.length, 2);
    assert.equal(capped.steps[0]?.toolResults.filter((result) => result.skipped === "call-limit").length, 3);
  });
});
