import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type ConformanceHarness,
  runBackendConformance,
  type ScriptedReply,
} from "./backend-conformance.test-support.js";
import { createReplayBackend } from "./replay-backend.js";
import { renderStubReply, stubToolCallFormat } from "./replay-stub-format.test-support.js";

/** Writes replies as replay lines (without ids, so any sample id is served them in order). */
function writeScript(path: string, replies: readonly ScriptedReply[]): void {
  const lines = replies.map((reply) =>
    JSON.stringify({ output: renderStubReply(reply.text ?? "", reply.toolCalls) }),
  );
  writeFileSync(path, `${lines.join("\n")}\n`);
}

async function makeHarness(): Promise<ConformanceHarness> {
  const directory = mkdtempSync(join(tmpdir(), "edgecall-replay-conformance-"));
  const defaultPath = join(directory, "default.jsonl");
  writeScript(defaultPath, [{ text: "Sure." }, { text: "Sure." }, { text: "Sure." }]);
  let scripts = 0;
  return {
    backend: createReplayBackend({ path: defaultPath, format: stubToolCallFormat }),
    script: async (replies) => {
      const path = join(directory, `script-${++scripts}.jsonl`);
      writeScript(path, replies);
      const delayMs = Math.max(0, ...replies.map((reply) => reply.delayMs ?? 0));
      return createReplayBackend({ path, format: stubToolCallFormat, delayMs });
    },
    dispose: async () => rmSync(directory, { recursive: true, force: true }),
  };
}

runBackendConformance("replay", makeHarness);
// The same checks with one harness for all of them, as slow-to-load backends run them.
runBackendConformance("replay (shared harness)", makeHarness, { shareHarness: true });
