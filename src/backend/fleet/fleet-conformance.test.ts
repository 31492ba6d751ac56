/**
 * The fleet backend passes the backend conformance suite: two `edgecall serve` instances answer
 * from one shared replay script (so the script's order holds whichever server a call goes to), and
 * the fleet spreads the suite's calls over them through edgecall's own OpenAI-compatible clients.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createOpenAIServerApp, startOpenAIServer } from "../../serve/openai-server.js";
import { type ConformanceHarness, runBackendConformance } from "../backend-conformance.test-support.js";
import type { ModelBackend } from "../model-backend.js";
import { createOpenAICompatibleBackend } from "../openai/backend.js";
import { scriptedReplay, stubToolCallFormat } from "../replay-stub-format.test-support.js";
import { createFleetBackend } from "./fleet-backend.js";

runBackendConformance("fleet (two edgecall serve)", async (): Promise<ConformanceHarness> => {
  const directory = mkdtempSync(join(tmpdir(), "edgecall-fleet-conformance-"));
  let current = scriptedReplay(directory, "default", [
    { text: "Sure." },
    { text: "Sure." },
    { text: "Sure." },
  ]);
  const served: ModelBackend[] = [current];
  // Both servers answer from the harness's latest script, one position for the two.
  const switching: ModelBackend = {
    info: { backend: "replay", model: "switching" },
    generate: (request, options) => current.generate(request, options),
    close: async () => {},
  };
  const servers = await Promise.all(
    [0, 1].map(() =>
      startOpenAIServer(
        createOpenAIServerApp({ backend: switching, modelName: "conformance", keepAliveMs: 50 }),
        "127.0.0.1",
        0,
      ),
    ),
  );
  const fleet = createFleetBackend(
    servers.map((server) => ({
      url: server.url,
      backend: createOpenAICompatibleBackend({
        baseUrl: `${server.url}/v1`,
        model: "conformance",
        format: stubToolCallFormat,
        maxRetries: 0,
      }),
    })),
  );
  let scripts = 0;
  return {
    backend: fleet,
    script: async (replies) => {
      current = scriptedReplay(directory, `script-${++scripts}`, replies);
      served.push(current);
      return fleet;
    },
    dispose: async () => {
      await Promise.all(servers.map((server) => server.close()));
      await Promise.all(served.map((backend) => backend.close()));
      rmSync(directory, { recursive: true, force: true });
    },
  };
});
