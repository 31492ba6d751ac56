/**
 * `edgecall serve` passes the backend conformance suite from the client side: edgecall's own
 * OpenAI-compatible backend talks over a real socket to the server, which answers from a replay
 * backend, so every check (text, calls, multi-turn, abort in flight, streaming) crosses the wire
 * both ways.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type ConformanceHarness,
  runBackendConformance,
} from "../backend/backend-conformance.test-support.js";
import type { ModelBackend } from "../backend/model-backend.js";
import { createOpenAICompatibleBackend } from "../backend/openai/backend.js";
import { scriptedReplay, stubToolCallFormat } from "../backend/replay-stub-format.test-support.js";
import { createOpenAIServerApp, startOpenAIServer } from "./openai-server.js";

for (const streamed of [false, true]) {
  runBackendConformance(
    `edgecall serve${streamed ? " (client streams)" : ""}`,
    async (): Promise<ConformanceHarness> => {
      const directory = mkdtempSync(join(tmpdir(), "edgecall-serve-conformance-"));
      let current = scriptedReplay(directory, "default", [
        { text: "Sure." },
        { text: "Sure." },
        { text: "Sure." },
      ]);
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
          current = scriptedReplay(directory, `script-${++scripts}`, replies);
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
