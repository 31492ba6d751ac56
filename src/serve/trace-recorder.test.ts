import assert from "node:assert/strict";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import type { GenerateResult, ModelBackend } from "../backend/model-backend.js";
import { traceRecordingBackend } from "./trace-recorder.js";

const directory = mkdtempSync(join(tmpdir(), "edgecall-record-"));
after(() => rmSync(directory, { recursive: true, force: true }));

const result: GenerateResult = {
  rawText: "hi",
  parts: [{ type: "text", text: "hi" }],
  finishReason: "stop",
  usage: { inputTokens: 1, outputTokens: 1 },
  timing: { firstTokenMs: 1, totalMs: 1 },
};
const backend: ModelBackend = {
  info: { backend: "replay", model: "m" },
  generate: async () => result,
  close: async () => {},
};

describe("serve --record", () => {
  it("creates the trace file readable by its owner only (0600): it holds users' prompts", async () => {
    const path = join(directory, "trace.jsonl");
    const recording = traceRecordingBackend(backend, path, "m");
    assert.equal(statSync(path).mode & 0o777, 0o600);
    await recording.generate({ messages: [{ role: "user", content: "secret" }] });
    assert.equal(statSync(path).mode & 0o777, 0o600);
    // Removed while serving (log rotation): the next line creates it 0600 again.
    rmSync(path);
    await recording.generate({ messages: [{ role: "user", content: "again" }] });
    assert.equal(statSync(path).mode & 0o777, 0o600);
  });
});
