import assert from "node:assert/strict";
import fs, { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { syncBuiltinESMExports } from "node:module";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { after, afterEach, describe, it, mock } from "node:test";
import type { GenerateResult, ModelBackend } from "../backend/model-backend.js";
import { runEvalSession } from "../eval/eval-session.js";
import { summaryDocument } from "../eval/json-reporter.js";
import { ResultStore } from "../eval/result-store.js";
import { readRunData } from "../report/run-data.js";
import { renderRunReport } from "../report/run-report.js";
import { defaultSuiteCatalog } from "../suites/default-catalog.js";
import { reportRun } from "./run-reports.js";

/** A backend that declines every request in text (calling `onCall` first). */
function decliningBackend(onCall?: () => void): ModelBackend {
  return {
    info: { backend: "stub", model: "stub", format: "json" },
    async generate(): Promise<GenerateResult> {
      onCall?.();
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

/** Counts reads of run.json, results.jsonl and summary.json (by file name) and of the whole store. */
function countReads(): { files: Map<string, number>; storeReads: () => number } {
  const files = new Map<string, number>();
  const original = fs.readFileSync;
  mock.method(fs, "readFileSync", (...args: Parameters<typeof fs.readFileSync>) => {
    const name = basename(String(args[0]));
    if (["run.json", "results.jsonl", "summary.json"].includes(name))
      files.set(name, (files.get(name) ?? 0) + 1);
    return original(...args);
  });
  syncBuiltinESMExports();
  const all = mock.method(ResultStore.prototype, "all");
  return { files, storeReads: () => all.mock.callCount() };
}

describe("reporting a run after eval", () => {
  const scratch = mkdtempSync(join(tmpdir(), "edgecall-run-reports-"));
  const modelFile = join(scratch, "model.jsonl");
  writeFileSync(modelFile, "");
  const common = {
    catalog: defaultSuiteCatalog(),
    model: `replay:${modelFile}`,
    suites: "assistant:irrelevance",
    limit: 3,
    progress: false as const,
    cache: false,
    out: join(scratch, "runs"),
  };
  afterEach(() => {
    mock.restoreAll();
    syncBuiltinESMExports();
  });
  after(() => rmSync(scratch, { recursive: true, force: true }));

  it("hands the reporters the run from memory: nothing of the run directory is read back", async () => {
    const reads = countReads();
    const outcome = await runEvalSession({ ...common, backend: decliningBackend() });
    const report = await reportRun(outcome, { json: false, color: false });
    assert.deepEqual([...reads.files], [], "no run.json, results.jsonl or summary.json read");
    assert.equal(reads.storeReads(), 1, "the store is read once, before the run (the resume check)");
    assert.equal(report.htmlPath, join(outcome.runDirectory, "report.html"));
    assert.ok(existsSync(report.htmlPath));
    mock.restoreAll();
    syncBuiltinESMExports();
    // What was handed over is what the run directory holds.
    const onDisk = (name: string) => readFileSync(join(outcome.runDirectory, name), "utf8");
    assert.deepEqual(JSON.parse(JSON.stringify(outcome.record)), JSON.parse(onDisk("run.json")));
    assert.equal(onDisk("summary.json"), summaryDocument(outcome.summary));
    assert.deepEqual(
      outcome.results,
      onDisk("results.jsonl")
        .trimEnd()
        .split("\n")
        .map((line) => JSON.parse(line)),
    );
    // The page from memory is the one `report RUN_DIR` renders from the directory.
    const generated = /generated [^ <]+ from/g;
    const same = (html: string) => html.replace(generated, "generated T from");
    assert.equal(same(onDisk("report.html")), same(renderRunReport(readRunData(outcome.runDirectory))));
  });

  it("a resumed run reads run.json once (to resume) and hands on every result, earlier ones included", async () => {
    const stop = new AbortController();
    const first = await runEvalSession({
      ...common,
      backend: decliningBackend(() => stop.abort()),
      signal: stop.signal,
    });
    assert.equal(first.results.length, 1, "stopped after the first result");
    const reads = countReads();
    const resumed = await runEvalSession({
      ...common,
      suites: undefined,
      limit: undefined,
      resume: first.runDirectory,
      backend: decliningBackend(),
    });
    await reportRun(resumed, { json: true, color: false });
    assert.deepEqual([...reads.files], [["run.json", 1]]);
    assert.equal(reads.storeReads(), 1);
    assert.deepEqual(
      resumed.results.map((result) => result.id),
      ["assistant_irrelevance_0", "assistant_irrelevance_1", "assistant_irrelevance_2"],
    );
    assert.deepEqual(resumed.results[0], first.results[0]);
    assert.equal(resumed.record.sessions.length, 2);
    assert.equal(resumed.record.status, "complete");
  });
});
