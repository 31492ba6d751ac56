import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { isEdgecallError } from "../errors.js";
import { getFormat } from "../formats/registry.js";
import { summariseParts } from "../messages.js";
import type { GenerateRequest, StreamEvent } from "./model-backend.js";
import { createReplayBackend, estimateTokens } from "./replay-backend.js";
import { stubToolCallFormat } from "./replay-stub-format.test-support.js";

const directory = mkdtempSync(join(tmpdir(), "edgecall-replay-"));
after(() => rmSync(directory, { recursive: true, force: true }));
let fileCount = 0;

function scriptFile(lines: readonly unknown[]): string {
  const path = join(directory, `script-${++fileCount}.jsonl`);
  writeFileSync(
    path,
    lines.map((line) => (typeof line === "string" ? line : JSON.stringify(line))).join("\n"),
  );
  return path;
}

function request(sampleId?: string, content = "What is the weather in Paris?"): GenerateRequest {
  return { messages: [{ role: "user", content }], ...(sampleId === undefined ? {} : { sampleId }) };
}

const weatherCall = '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>';

describe("replay backend: serving", () => {
  it("serves each sample its own lines in order, and id-less lines to the rest", async () => {
    const path = scriptFile([
      { id: "a", output: "a-first" },
      { output: "anonymous-first" },
      { id: "b", output: "b-first" },
      { id: "a", output: "a-second" },
      { output: "anonymous-second" },
    ]);
    const backend = createReplayBackend({ path, format: stubToolCallFormat });
    const served: string[] = [];
    for (const id of ["a", "b", "a", undefined, "unknown-sample"]) {
      served.push((await backend.generate(request(id))).rawText);
    }
    assert.deepEqual(served, ["a-first", "b-first", "a-second", "anonymous-first", "anonymous-second"]);
  });

  it("rejects with replay-exhausted naming the sample once its lines are used (no fall-back)", async () => {
    const path = scriptFile([{ id: "s1", output: "only" }, { output: "spare" }]);
    const backend = createReplayBackend({ path, format: stubToolCallFormat });
    await backend.generate(request("s1"));
    await assert.rejects(backend.generate(request("s1")), (error: unknown) => {
      assert.ok(isEdgecallError(error, "replay-exhausted"));
      assert.match(error.message, /sample 's1' has no scripted output left \(all 1 used\)/);
      assert.equal(error.subject, "s1");
      return true;
    });
    assert.equal((await backend.generate(request("other"))).rawText, "spare");
    await assert.rejects(backend.generate(request("other")), /sample 'other' has no lines with its id/);
    await assert.rejects(backend.generate(request()), /a call without a sample id/);
  });

  it("parses outputs with the format: calls, reasoning, text, finish reason", async () => {
    const path = scriptFile([
      { output: `<think>User wants weather.</think>\nLet me check.\n${weatherCall}` },
      { output: "<tool_call>\n{not json}\n</tool_call>" },
      { output: "It is 21°C." },
    ]);
    const backend = createReplayBackend({ path, format: stubToolCallFormat });
    const call = await backend.generate(request());
    assert.deepEqual(call.parts, [
      { type: "reasoning", text: "User wants weather." },
      { type: "text", text: "Let me check." },
      { type: "tool-call", toolCall: { name: "get_weather", arguments: { city: "Paris" } } },
    ]);
    assert.equal(call.finishReason, "tool-calls");
    assert.equal(call.rawText, `<think>User wants weather.</think>\nLet me check.\n${weatherCall}`);
    const broken = await backend.generate(request());
    assert.equal(broken.finishReason, "stop");
    assert.equal(summariseParts(broken.parts).errors[0]?.type, "invalid-json");
    assert.equal(summariseParts((await backend.generate(request())).parts).content, "It is 21°C.");
  });

  it("works with the registry's formats (json is the CLI default)", async () => {
    const path = scriptFile([
      { output: '{"name": "get_weather", "arguments": {"city": "Paris"}}' },
      { output: weatherCall },
    ]);
    for (const name of ["json", "qwen3"]) {
      const backend = createReplayBackend({ path, format: getFormat(name) });
      if (name === "qwen3") await backend.generate(request());
      const result = await backend.generate(request());
      assert.deepEqual(
        summariseParts(result.parts).toolCalls,
        [{ name: "get_weather", arguments: { city: "Paris" } }],
        name,
      );
      assert.equal(result.finishReason, "tool-calls");
      assert.equal(backend.info.format, name);
    }
  });

  it("records every request, as a copy, including ones that fail", async () => {
    const path = scriptFile([{ output: "one" }]);
    const backend = createReplayBackend({ path, format: stubToolCallFormat });
    const first = request("x");
    await backend.generate(first);
    first.messages.push({ role: "user", content: "changed later" });
    await assert.rejects(backend.generate(request("y", "second")));
    assert.equal(backend.requests.length, 2);
    assert.equal(backend.requests[0]?.messages.length, 1);
    assert.equal(backend.requests[0]?.sampleId, "x");
    assert.equal(backend.requests[1]?.messages[0]?.content, "second");
  });

  it("estimates usage as ceil(characters / 4) and says so", async () => {
    const output = "x".repeat(10);
    const path = scriptFile([{ id: "u", output }]);
    const backend = createReplayBackend({ path, format: stubToolCallFormat });
    const tools = [{ name: "f", parameters: { type: "object" } }];
    const prompt = "y".repeat(17);
    const result = await backend.generate({
      messages: [{ role: "user", content: prompt }],
      tools,
      sampleId: "u",
    });
    assert.deepEqual(result.usage, {
      inputTokens: Math.ceil((17 + JSON.stringify(tools).length) / 4),
      outputTokens: 3,
    });
    assert.equal(estimateTokens(""), 0);
    assert.equal(result.details?.usageEstimated, true);
    assert.equal(result.details?.usageKnown, false);
    assert.equal(result.details?.replayLine, 1);
    assert.deepEqual(backend.info, { backend: "replay", model: path, format: "qwen3", scriptedOutputs: 1 });
  });
});

describe("replay backend: file validation", () => {
  it("skips blank lines and accepts CRLF, null ids and extra fields", async () => {
    const path = join(directory, "crlf.jsonl");
    writeFileSync(path, '{"id":"a","output":"one"}\r\n\r\n{"id":null,"output":"two","note":"x"}\r\n');
    const backend = createReplayBackend({ path, format: stubToolCallFormat });
    assert.equal((await backend.generate(request("a"))).rawText, "one");
    assert.equal((await backend.generate(request("a-missing"))).rawText, "two");
  });

  it("names the file and line of a bad line", () => {
    const cases: [unknown[], RegExp][] = [
      [[{ output: "ok" }, "{oops"], /:2: not valid JSON/],
      [[{ output: "ok" }, "", { id: "a" }], /:3: output: missing/],
      [[{ id: 7, output: "x" }], /:1: id: must be a string/],
      [[{ id: "", output: "x" }], /:1: id: must not be empty/],
      [[["output"]], /:1: expected an object/],
      [[{ output: 42 }], /:1: output: must be a string/],
    ];
    for (const [lines, pattern] of cases) {
      const path = scriptFile(lines);
      assert.throws(
        () => createReplayBackend({ path, format: stubToolCallFormat }),
        (error: unknown) => {
          assert.ok(isEdgecallError(error, "invalid-json"), String(error));
          assert.ok(error.message.startsWith(`${path}:`), error.message);
          assert.match(error.message, pattern);
          return true;
        },
      );
    }
  });

  it("reports a missing file as file-not-found", () => {
    const path = join(directory, "absent.jsonl");
    assert.throws(
      () => createReplayBackend({ path, format: stubToolCallFormat }),
      (error: unknown) => isEdgecallError(error, "file-not-found") && error.message.includes(path),
    );
  });
});

describe("replay backend: latency, abort and streaming", () => {
  it("delays by delayMs and reports it in the timing", async () => {
    const path = scriptFile([{ output: "late" }]);
    const backend = createReplayBackend({ path, format: stubToolCallFormat, delayMs: 60 });
    const result = await backend.generate(request());
    assert.ok(result.timing.firstTokenMs >= 55, `firstTokenMs ${result.timing.firstTokenMs}`);
    assert.ok(result.timing.totalMs >= result.timing.firstTokenMs);
  });

  // The delay is twice the test's timeout: only an abort that cuts the delay short can settle the
  // call before the timeout (a hang detector, not a speed goal) ends the test.
  it("an abort during the delay rejects at once with aborted", { timeout: 30_000 }, async () => {
    const path = scriptFile([{ output: "never" }]);
    const backend = createReplayBackend({ path, format: stubToolCallFormat, delayMs: 60_000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 20);
    await assert.rejects(backend.generate(request(), { signal: controller.signal }), (error: unknown) =>
      isEdgecallError(error, "aborted"),
    );
  });

  it("streams the output in a few chunks that add up to it, code points kept whole", async () => {
    const output = `Grüße 👋🏽 aus Köln! ${weatherCall}`;
    const path = scriptFile([{ output }]);
    const backend = createReplayBackend({ path, format: stubToolCallFormat });
    const events: StreamEvent[] = [];
    for await (const event of backend.stream!(request())) events.push(event);
    const deltas = events.filter((event) => event.type === "text-delta").map((event) => event.text);
    assert.ok(deltas.length >= 3 && deltas.length <= 4, `got ${deltas.length} chunks`);
    for (const delta of deltas)
      assert.doesNotMatch(delta, /^[\uDC00-\uDFFF]|[\uD800-\uDBFF]$/, "a split surrogate pair");
    assert.equal(deltas.join(""), output);
    const finish = events.at(-1);
    assert.ok(finish?.type === "finish");
    assert.equal(finish.result.finishReason, "tool-calls");
  });

  it("rejects a negative delay", () => {
    const path = scriptFile([{ output: "x" }]);
    assert.throws(() => createReplayBackend({ path, format: stubToolCallFormat, delayMs: -1 }), /delayMs/);
  });
});
