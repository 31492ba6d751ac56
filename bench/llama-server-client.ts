/**
 * Runs a conversation against a llama-server process for bench/eval-throughput.ts: starts the
 * binary on the model file with the same threads and context size, waits for /health, sends each
 * prompt in order to `/completion` with `cache_prompt` (llama-server keeps its prompt cache between
 * calls) and stops the server. The time counts the calls only, not the start. The prompts are the
 * text edgecall rendered, so both evaluate the same tokens: through /v1/chat/completions with the
 * tools, llama-server's grammar for the assistant tools fails to parse (HTTP 400), and without a
 * grammar it rejects a random-weight model's reply as not its tool-call format (HTTP 500).
 */
import { spawn } from "node:child_process";
import { createServer } from "node:net";

/** What to run: the prompts as edgecall rendered them (the same text, so the same tokens). */
export interface LlamaServerConversation {
  binary: string;
  modelPath: string;
  threads: number;
  contextSize: number;
  prompts: { text: string; maxTokens: number }[];
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
    const started = performance.now();
    for (const prompt of run.prompts) {
      // A long prompt on a busy CPU can take minutes before the answer: no timeout here.
      const response = await fetch(`${baseUrl}/completion`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          prompt: prompt.text,
          n_predict: prompt.maxTokens,
          temperature: 0,
          cache_prompt: true,
          ignore_eos: true,
        }),
      });
      const body = (await response.json()) as { timings?: { cache_n?: number; prompt_n?: number } };
      if (!response.ok)
        throw new Error(`llama-server answered HTTP ${response.status}: ${JSON.stringify(body)}`);
      run.onLog(
        `  llama-server call: ${body.timings?.prompt_n} evaluated, ${body.timings?.cache_n} from its cache`,
      );
    }
    const ms = performance.now() - started;
    run.onLog(`llama-server: ${(ms / 1000).toFixed(1)} s`);
    return { ms };
  } catch (error) {
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${stderrTail}`);
  } finally {
    child.kill("SIGTERM");
  }
}
