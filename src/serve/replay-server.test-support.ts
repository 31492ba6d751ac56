/**
 * Test support for the client interop tests: `serve` on a loopback port over a replay backend
 * whose scripted outputs are parsed with the real qwen3 format, so what a client sees is decided
 * by the script and the test checks the wire format. Also keeps the clients off the network.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createReplayBackend, type ReplayBackend } from "../backend/replay-backend.js";
import { getFormat } from "../formats/registry.js";
import { createOpenAIServerApp, type RunningServer, startOpenAIServer } from "./openai-server.js";

/** A started replay server: its `/v1` base URL and the backend, which records every request. */
export interface ReplayServer {
  url: string;
  backend: ReplayBackend;
}

/** Starts replay servers for one test file; `close()` (in `after`) stops them all and removes the scripts. */
export interface ReplayServers {
  /** A server on a free loopback port whose model answers `outputs` in order. */
  serve(...outputs: string[]): Promise<ReplayServer>;
  close(): Promise<void>;
}

/**
 * Clears what could send a client's traffic off this machine: LangSmith tracing, proxies, and
 * real API keys (a dummy stands in). Call at the top of an interop test file.
 */
export function isolateClients(): void {
  for (const name of [
    "LANGCHAIN_TRACING_V2",
    "LANGCHAIN_TRACING",
    "LANGSMITH_TRACING",
    "LANGSMITH_TRACING_V2",
  ])
    process.env[name] = "false";
  for (const name of [
    "LANGCHAIN_API_KEY",
    "LANGSMITH_API_KEY",
    "LANGCHAIN_ENDPOINT",
    "LANGSMITH_ENDPOINT",
    "OPENAI_BASE_URL",
    "OPENAI_ORG_ID",
    "OPENAI_PROJECT_ID",
    "HTTP_PROXY",
    "HTTPS_PROXY",
    "http_proxy",
    "https_proxy",
  ])
    delete process.env[name];
  process.env.OPENAI_API_KEY = "dummy-key-for-loopback";
}

/** Replay servers for one test file. */
export function replayServers(): ReplayServers {
  const directory = mkdtempSync(join(tmpdir(), "edgecall-interop-"));
  const servers: RunningServer[] = [];
  let scripts = 0;
  return {
    async serve(...outputs) {
      const path = join(directory, `script-${++scripts}.jsonl`);
      writeFileSync(path, `${outputs.map((output) => JSON.stringify({ output })).join("\n")}\n`);
      const backend = createReplayBackend({ path, format: getFormat("qwen3") });
      const server = await startOpenAIServer(
        createOpenAIServerApp({ backend, modelName: "tiny" }),
        "127.0.0.1",
        0,
      );
      servers.push(server);
      return { url: `${server.url}/v1`, backend };
    },
    async close() {
      for (const server of servers) await server.close(100);
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** A call as qwen3 writes it. */
export function qwenCall(name: string, args: unknown): string {
  return `<tool_call>\n${JSON.stringify({ name, arguments: args })}\n</tool_call>`;
}
