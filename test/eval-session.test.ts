import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import type { GenerateResult, ModelBackend } from "../src/backend/model-backend.js";
import { EdgecallError } from "../src/errors.js";
import { runEvalSession } from "../src/eval/eval-session.js";
import { defaultSuiteCatalog } from "../src/suites/default-catalog.js";

/** A backend that declines in text, and fails with a server error for the ids in `failing`. */
function decliningBackend(failing: Set<string>): ModelBackend & { calls: string[] } {
  const calls: string[] = [];
  return {
    info: { backend: "stub", model: "stub", format: "json" },
    calls,
    async generate(request): Promise<GenerateResult> {
      calls.push(request.sampleId ?? "");
      if (failing.has(request.sampleId ?? ""))
        throw new EdgecallError("backend-http", "HTTP 503 from the server");
      return {
        rawText: "Sorry, I can't do that.",
        parts: [{ type: "text", text: "Sorry, I can't do that." }],
        finishReason: "stop",
        usage: { inputTokens: 50, outputTokens: 7 },
        timing: { firstTokenMs: 20, totalMs: 60 },
      };
    },
    async close() {},
  };
}

describe("eval session", () => {
  const scratch = mkdtempSync(join(tmpdir(), "edgecall-session-"));
  const modelFile = join(scratch, "model.jsonl");
  writeFileSync(modelFile, "");
  const common = {
    model: `replay:${modelFile}`,
    progress: false as const,
    cache: false,
    out: join(scratch, "runs"),
  };

  it("records harness errors; --resume leaves them, --retry-errors runs them again", async () => {
    const first = decliningBackend(new Set(["assistant_irrelevance_1"]));
    const run = await runEvalSession({
      catalog: defaultSuiteCatalog(),
      ...common,
      suites: "assistant:irrelevance",
      limit: 4,
      backend: first,
    });
    assert.equal(run.summary.overall.passed, 3);
    assert.equal(run.summary.harnessErrors, 1);
    const again = decliningBackend(new Set());
    await runEvalSession({
      catalog: defaultSuiteCatalog(),
      ...common,
      resume: run.runDirectory,
      backend: again,
    });
    assert.deepEqual(again.calls, [], "nothing left to run");
    const retried = await runEvalSession({
      catalog: defaultSuiteCatalog(),
      ...common,
      resume: run.runDirectory,
      retryErrors: true,
      backend: again,
    });
    assert.deepEqual(again.calls, ["assistant_irrelevance_1"]);
    assert.equal(retried.summary.overall.passed, 4);
    assert.equal(retried.summary.harnessErrors, 0);
    const record = JSON.parse(readFileSync(join(run.runDirectory, "run.json"), "utf8")) as {
      status: string;
      sessions: { status: string; completed: number }[];
      suites: { name: string; version: string }[];
    };
    assert.equal(record.status, "complete");
    assert.deepEqual(
      record.sessions.map((session) => [session.status, session.completed]),
      [
        ["complete", 4],
        ["complete", 0],
        ["complete", 1],
      ],
    );
    assert.equal(record.suites[0]?.name, "assistant:irrelevance");
  });

  it("a stopped session reports what is done and marks the run interrupted", async () => {
    const controller = new AbortController();
    controller.abort();
    const outcome = await runEvalSession({
      catalog: defaultSuiteCatalog(),
      ...common,
      suites: "assistant",
      limit: 2,
      backend: decliningBackend(new Set()),
      signal: controller.signal,
    });
    assert.equal(outcome.interrupted, true);
    assert.equal(outcome.summary.complete, false);
    assert.equal(outcome.summary.planned, 6);
    assert.equal(outcome.summary.overall.n, 0);
    const record = JSON.parse(readFileSync(join(outcome.runDirectory, "run.json"), "utf8")) as {
      status: string;
    };
    assert.equal(record.status, "interrupted");
  });
});
