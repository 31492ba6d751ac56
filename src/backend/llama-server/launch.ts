/**
 * Starts a llama-server process (built by bench/build-llama-server.sh from the llama.cpp source
 * node-llama-cpp bundles) on a free loopback port, waits for `/health`, and stops it. Used by the
 * interop test and bench/eval-throughput.ts; the binary is found at `EDGECALL_LLAMA_SERVER`, else
 * where the build script puts it.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { EdgecallError } from "../../errors.js";

/** Where bench/build-llama-server.sh writes the binary by default. */
export const defaultLlamaServerBinary = join(tmpdir(), "edgecall-llama-server", "llama-server");

/** The llama-server binary to use: `EDGECALL_LLAMA_SERVER`, else the build script's default; undefined when absent. */
export function findLlamaServerBinary(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const candidate = env.EDGECALL_LLAMA_SERVER ?? defaultLlamaServerBinary;
  return existsSync(candidate) ? candidate : undefined;
}

/** What to start. */
export interface LlamaServerLaunch {
  binary: string;
  modelPath: string;
  threads: number;
  /** The whole context, shared by the slots (`-c`). */
  contextSize: number;
  /** Slots: requests served at once (`-np`, default 1). */
  parallel?: number;
  /** More arguments (e.g. `--chat-template-kwargs`). */
  extraArgs?: string[];
  /** Longest wait for `/health` (default 600000 ms: a large model on a busy CPU loads slowly). */
  readyTimeoutMs?: number;
}

/** How long a stopped llama-server may take to exit on SIGTERM before it is killed. */
export const stopGraceMs = 5_000;

/** A running llama-server. */
export interface RunningLlamaServer {
  /** `http://127.0.0.1:<port>` (the OpenAI API is under `/v1`). */
  root: string;
  /** The last 4000 characters it wrote to stderr (its log). */
  logTail(): string;
  /**
   * Stops it (SIGTERM, then SIGKILL after {@link stopGraceMs} if it has not exited: a llama-server
   * whose client hung up mid-request can wait on that request forever) and waits for it to exit.
   * Idempotent.
   */
  stop(): Promise<void>;
}

/** A free TCP port on the loopback interface. */
export function freePort(): Promise<number> {
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

function exitOf(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once("exit", () => resolve());
  });
}

/** Starts llama-server and resolves once `/health` answers 200; `internal` with its log otherwise. */
export async function startLlamaServer(launch: LlamaServerLaunch): Promise<RunningLlamaServer> {
  const port = await freePort();
  const child = spawn(
    launch.binary,
    [
      "-m",
      launch.modelPath,
      "-t",
      String(launch.threads),
      "-c",
      String(launch.contextSize),
      "--host",
      "127.0.0.1",
      "--port",
      String(port),
      "--jinja",
      "-np",
      String(launch.parallel ?? 1),
      ...(launch.extraArgs ?? []),
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  let log = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4000);
  });
  const exited = exitOf(child);
  let stopped: Promise<void> | undefined;
  const server: RunningLlamaServer = {
    root: `http://127.0.0.1:${port}`,
    logTail: () => log,
    stop() {
      stopped ??= (async () => {
        if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
        let timer: NodeJS.Timeout | undefined;
        const grace = new Promise<"late">((resolve) => {
          timer = setTimeout(() => resolve("late"), stopGraceMs);
        });
        const outcome = await Promise.race([exited.then(() => "exited" as const), grace]);
        clearTimeout(timer);
        if (outcome === "late") {
          child.kill("SIGKILL");
          await exited;
        }
      })();
      return stopped;
    },
  };
  const deadline = Date.now() + (launch.readyTimeoutMs ?? 600_000);
  let spawnError: Error | undefined;
  child.once("error", (error) => {
    spawnError = error;
  });
  while (Date.now() < deadline) {
    if (spawnError !== undefined || child.exitCode !== null || child.signalCode !== null) {
      await server.stop();
      const why = spawnError?.message ?? `exit ${child.exitCode ?? child.signalCode}`;
      throw new EdgecallError("internal", `llama-server exited before it was ready (${why}):\n${log}`);
    }
    try {
      const response = await fetch(`${server.root}/health`);
      await response.body?.cancel();
      if (response.ok) return server;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await server.stop();
  throw new EdgecallError(
    "internal",
    `llama-server was not ready within ${launch.readyTimeoutMs ?? 600_000} ms:\n${log}`,
  );
}
