import assert from "node:assert/strict";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { createReplayBackend } from "../backend/replay-backend.js";
import { assistantAnswers, writeReplay, wrongOutput } from "../compare/quant-replay.test-support.js";
import { isEdgecallError } from "../errors.js";
import { getFormat } from "../formats/registry.js";
import { tinyModelPath } from "../gguf/synth/tiny-model.test-support.js";
import { FillerBuilder, loadFillerPages, messageTokens } from "./filler-conversation.js";
import { runProbe } from "./run-probe.js";
import { estimatingTokenCounter } from "./token-counter.js";

const requests = assistantAnswers(3);

describe("context probe", () => {
  it("builds prior conversation of web-page turns within a few tokens of the target", () => {
    const counter = estimatingTokenCounter();
    const builder = new FillerBuilder(loadFillerPages(), counter);
    assert.deepEqual(builder.build(0).messages, []);
    for (const target of [1024, 4096, 8192]) {
      const filler = builder.build(target);
      assert.ok(filler.tokens <= target && filler.tokens >= target - 48, `${filler.tokens} for ${target}`);
      assert.equal(
        filler.tokens,
        messageTokens(filler.messages, counter),
        "tokens are those of the messages",
      );
      assert.equal(filler.messages.length, 4 * filler.turns);
      const [user, call, result, summary] = filler.messages;
      assert.equal(user?.role, "user");
      assert.equal(call?.role === "assistant" && call.toolCalls?.[0]?.name, "web_fetch");
      assert.equal(
        result?.role === "tool" && result.toolCallId,
        call?.role === "assistant" && call.toolCalls?.[0]?.id,
      );
      assert.match(result?.content ?? "", /^\{"url":"https:\/\//);
      assert.match(summary?.content ?? "", /^Here is the gist of "/);
    }
    const small = builder.build(4096).messages;
    const large = builder.build(8192).messages;
    assert.deepEqual(
      large.slice(0, small.length - 4),
      small.slice(0, -4),
      "a larger filler extends a smaller one",
    );
  });

  it("runs the steps that fit, skips the rest with the reason, and places the filler before the request", async () => {
    const scratch = mkdtempSync(join(tmpdir(), "edgecall-probe-context-"));
    const script = join(scratch, "model.jsonl");
    const lines: [string, string][] = [];
    for (const label of ["0", "1k", "4k"])
      requests.forEach((answer, index) => {
        lines.push([
          `${answer.id}@context-${label}`,
          label === "4k" && index === 0 ? wrongOutput : answer.right,
        ]);
      });
    writeReplay(script, lines);
    const backend = createReplayBackend({ path: script, format: getFormat("json") });
    const outcome = await runProbe({
      kind: "context",
      model: `replay:${script}`,
      backend,
      steps: [0, 1024, 4096, 16384],
      limit: 3,
      contextSize: 8192,
      out: scratch,
      progress: false,
    });
    const { probe } = outcome.summary;
    assert.deepEqual(
      probe.steps.map((entry) => [entry.category, entry.status, entry.n, entry.accuracy]),
      [
        ["context-0", "run", 3, 1],
        ["context-1k", "run", 3, 1],
        ["context-4k", "run", 3, 2 / 3],
        ["context-16k", "skipped", 0, null],
      ],
    );
    assert.match(
      probe.steps[3]?.reason ?? "",
      /^needs about \d+ tokens of context .* but --context-size is 8192$/,
    );
    assert.deepEqual(probe.context, {
      size: 8192,
      source: "requested",
      trainingContext: null,
      memoryNote: null,
    });
    assert.equal(probe.largestWithinTolerance?.category, "context-1k");
    const [zero, one, four] = probe.steps.map((entry) => entry.promptTokens?.p50 ?? 0);
    const added = (one ?? 0) - (zero ?? 0);
    assert.ok(Math.abs(added - 1024) < 120, `1k of filler adds about 1024 prompt tokens, added ${added}`);
    assert.ok((four ?? 0) - (zero ?? 0) > 3900);
    assert.equal(probe.steps[1]?.facts.priorTokens, 1024);
    assert.equal(outcome.summary.harnessErrors, 0);
    const sent = backend.requests.find((request) => request.sampleId === "assistant_multiple_0@context-1k");
    const base = backend.requests.find((request) => request.sampleId === "assistant_multiple_0@context-0");
    assert.ok(sent && base);
    assert.equal(base.messages.length, 2);
    assert.deepEqual(sent.messages[0], base.messages[0], "the system message comes first");
    assert.deepEqual(sent.messages.at(-1), base.messages[1], "the request comes last");
    assert.equal(sent.messages.length, 2 + 4 * Number(probe.steps[1]?.facts.priorTurns));
    assert.deepEqual(sent.tools, base.tools, "the request's own tools at every step");
  });

  it("without a context size, a replay model runs every step", async () => {
    const scratch = mkdtempSync(join(tmpdir(), "edgecall-probe-context-"));
    const script = join(scratch, "model.jsonl");
    writeReplay(script, [[`${requests[0]!.id}@context-32k`, requests[0]!.right]]);
    const outcome = await runProbe({
      kind: "context",
      model: `replay:${script}`,
      steps: [32768],
      limit: 1,
      out: scratch,
      progress: false,
    });
    assert.equal(outcome.summary.probe.steps[0]?.status, "run");
    assert.equal(outcome.summary.probe.context.size, null);
  });

  it("refuses a context size beyond what fits in memory, with the estimate", async () => {
    const model = await tinyModelPath("qwen3");
    const scratch = mkdtempSync(join(tmpdir(), "edgecall-probe-memory-"));
    await assert.rejects(
      runProbe({
        kind: "context",
        model,
        contextSize: 65536,
        machineMemory: { availableBytes: 8 * 2 ** 20, totalBytes: 16 * 2 ** 20 },
        out: scratch,
        progress: false,
      }),
      (error) =>
        isEdgecallError(error) &&
        /--context-size 65536 does not fit in memory: it needs about [\d.]+ MiB \(weights .* \+ KV cache 32\.00 MiB\), but only 8\.00 MiB is available/.test(
          error.message,
        ),
    );
  });

  it("without --context-size, a machine short of memory shrinks the context and skips what does not fit", async () => {
    const model = await tinyModelPath("qwen3");
    const scratch = mkdtempSync(join(tmpdir(), "edgecall-probe-memory-"));
    const controller = new AbortController();
    controller.abort(); // only the plan matters here: nothing runs
    // The tiny model's KV cache is 512 bytes per token and its weights about 0.6 MiB.
    const outcome = await runProbe({
      kind: "context",
      model,
      steps: [0, 4096],
      limit: 1,
      maxTokens: 8,
      machineMemory: { availableBytes: 2 * 2 ** 20, totalBytes: 4 * 2 ** 20 },
      out: scratch,
      progress: false,
      cache: false,
      signal: controller.signal,
    });
    const { probe } = outcome.summary;
    assert.equal(probe.context.source, "memory");
    assert.ok((probe.context.size ?? 0) >= 256 && (probe.context.size ?? 0) < 4096);
    assert.equal(probe.steps[1]?.status, "skipped");
    assert.match(
      probe.steps[1]?.reason ?? "",
      /more than fits in memory \(a context of \d+ tokens needs about/,
    );
  });
});
