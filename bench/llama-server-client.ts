/**
 * Runs a conversation against a llama-server process for bench/eval-throughput.ts: starts the
 * binary on the model file with the same threads and context size, waits for /health, sends each
 * call in order through edgecall's openai-compatible backend (llama-server keeps its prompt cache
 * between calls by default) and stops the server. The time counts the calls only, not the start.
 * Calls go with `tool_choice: "none"`: the template still lists the tools, but llama-server builds
 * no tool-call grammar (the in-process arm decodes freely too, and llama-server's grammar for the
 * assistant tools fails to parse: "failed to parse grammar", HTTP 400).
 */
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { createOpenAICompatibleBackend } from "../src/backend/openai/backend.js";
import type { ChatMessage, ToolDefinition } from "../src/messages.js";

/** What to run. */
export interface LlamaServerConversation {
  binary: string;
  modelPath: string;
  threads: number;
  contextSize: number;
  conversations: { messages: ChatMessage[]; tools: ToolDefinition[]; maxTokens: number }[];
  onLog: (line: string) => void;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(baseUrl: string, exited: () => boolean): Promise<void> {
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline) {
    if (exited()) throw new Error("llama-server exited before it was ready");
    try {
      const response = await fetch(`${baseUrl}/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("llama-server was not ready within 600 s");
}

/** Runs the calls; resolves with the time they took in ms. */
export async function runLlamaServerConversation(run: LlamaServerConversation): Promise<{ ms: number }> {
  const port = await freePort();
  const child = spawn(
    run.binary,
    [
      "-m",
      run.modelPath,
      "-t",
      String(run.threads),
      "-c",
      String(run.contextSize),
      "--port",
      String(port),
      "--jinja",
      "-np",
      "1",
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  let exited = false;
  let stderrTail = "";
  child.on("exit", () => {
    exited = true;
  });
  child.stderr.on("data", (chunk: Buffer) => {
    stderrTail = (stderrTail + chunk.toString()).slice(-4000);
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(baseUrl, () => exited);
    // A long prompt on a busy CPU can take minutes before the first byte: wait up to an hour.
    const backend = await createOpenAICompatibleBackend({
      baseUrl: `${baseUrl}/v1`,
      model: "bench",
      timeoutMs: 3_600_000,
    });
    const started = performance.now();
    for (const call of run.conversations) {
      await backend.generate({
        messages: call.messages,
        tools: call.tools,
        toolChoice: "none",
        maxTokens: call.maxTokens,
        sampling: { temperature: 0, seed: 1 },
      });
    }
    const ms = performance.now() - started;
    await backend.close();
    run.onLog(`llama-server: ${(ms / 1000).toFixed(1)} s`);
    return { ms };
  } catch (error) {
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${stderrTail}`);
  } finally {
    child.kill("SIGTERM");
  }
}
