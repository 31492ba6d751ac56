/**
 * `edgecall serve` passes the backend conformance suite from the client side: edgecall's own
 * OpenAI-compatible backend talks over a real socket to the server, which answers from a replay
 * backend, so every check (text, calls, multi-turn, abort in flight, streaming) crosses the wire
 * both ways.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type ConformanceHarness,
  runBackendConformance,
  type ScriptedReply,
} from "../backend/backend-conformance.test-support.js";
import type { ModelBackend } from "../backend/model-backend.js";
import { createOpenAICompatibleBackend } from "../backend/openai/backend.js";
import { createReplayBackend } from "../backend/replay-backend.js";
import { renderStubReply, stubToolCallFormat } from "../backend/replay-stub-format.test-support.js";
import { createOpenAIServerApp, startOpenAIServer } from "./openai-server.js";

function replayOf(directory: string, name: string, replies: readonly ScriptedReply[]): ModelBackend {
  const path = join(directory, `${name}.jsonl`);
  const lines = replies.map((reply) =>
    JSON.stringify({ output: renderStubReply(reply.text ?? "", reply.toolCalls) }),
  );
  writeFileSync(path, `${lines.join("\n")}\n`);
  const delayMs = Math.max(0, ...replies.map((reply) => reply.delayMs ?? 0));
  return createReplayBackend({ path, format: stubToolCallFormat, delayMs });
}

for (const streamed of [false, true]) {
  runBackendConformance(
    `edgecall serve${streamed ? " (client streams)" : ""}`,
    async (): Promise<ConformanceHarness> => {
      const directory = mkdtempSync(join(tmpdir(), "edgecall-serve-conformance-"));
      let current = replayOf(directory, "default", [{ text: "Sure." }, { text: "Sure." }, { text: "Sure." }]);
      const served: ModelBackend[] = [current];
      // The server's backend follows the harness's latest script.
      const switching: ModelBackend = {
        info: { backend: "replay", model: "switching" },
        generate: (request, options) => current.generate(request, options),
        close: async () => {},
      };
      const server = await startOpenAIServer(
        createOpenAIServerApp({ backend: switching, modelName: "conformance", keepAliveMs: 50 }),
        "127.0.0.1",
        0,
      );
      const client = createOpenAICompatibleBackend({
        baseUrl: `${server.url}/v1`,
        model: "conformance",
        stream: streamed,
        format: stubToolCallFormat,
        maxRetries: 0,
      });
      let scripts = 0;
      return {
        backend: client,
        script: async (replies) => {
          current = replayOf(directory, `script-${++scripts}`, replies);
          served.push(current);
          return client;
        },
        dispose: async () => {
          await server.close();
          await Promise.all(served.map((backend) => backend.close()));
          rmSync(directory, { recursive: true, force: true });
        },
      };
    },
  );
}
