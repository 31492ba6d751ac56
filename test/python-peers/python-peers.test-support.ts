/**
 * Where the Python peer tests (issue 37) find their Python: the interpreter named by
 * `EDGECALL_PYTHON_PEERS`, a virtual environment made by `scripts/python-peers.sh DIR` (pinned
 * OpenAI and MCP Python SDKs and BFCL's checker). `.ci/run` makes it once and sets the variable
 * only when the install worked, so an unset variable means "skip, with a line saying why" (PyPI
 * unreachable, or not prepared on this machine). The tests never install anything themselves: no
 * test touches the network. A set variable that names no working interpreter is a broken promise:
 * under CI=true that throws (the test file fails); elsewhere it skips with a line.
 *
 * Usage: `const peers = pythonPeersOrSkip(); describe("...", { skip: peers.skip }, () => ...)`.
 */
import { spawn, spawnSync } from "node:child_process";
import { statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The environment variable naming the peers' Python (DIR/bin/python). */
export const PYTHON_PEERS_ENV = "EDGECALL_PYTHON_PEERS";
/** The repository root. */
export const repositoryRoot = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
/** This folder, which holds the Python scripts the tests run. */
export const peersFolder = dirname(fileURLToPath(import.meta.url));

/** The peers' interpreter, and `skip`: false when usable, else the one line saying why not. */
export interface PythonPeers {
  python: string;
  skip: string | false;
}

const setUp = "run `bash scripts/python-peers.sh DIR` and set EDGECALL_PYTHON_PEERS=DIR/bin/python";

/** Finds the peers' Python through `EDGECALL_PYTHON_PEERS` (or `env`'s). */
export function pythonPeersOrSkip(env: NodeJS.ProcessEnv = process.env): PythonPeers {
  const python = env[PYTHON_PEERS_ENV] ?? "";
  if (python === "")
    return { python, skip: `Python peers skipped: ${PYTHON_PEERS_ENV} is not set (${setUp})` };
  let problem: string | undefined;
  try {
    if (!statSync(python).isFile()) problem = `${python} is not a file`;
  } catch {
    problem = `${python} is missing`;
  }
  if (problem === undefined) {
    const probe = spawnSync(python, ["-c", "import openai, mcp, bfcl_eval"], { encoding: "utf8" });
    if (probe.status !== 0)
      problem = `${python} cannot import the peers (${probe.stderr.trim().split("\n").pop()})`;
  }
  if (problem === undefined) return { python, skip: false };
  if (env.CI === "true") throw new Error(`${PYTHON_PEERS_ENV} is set under CI=true but ${problem}`);
  return { python, skip: `Python peers skipped: ${problem} (${setUp})` };
}

/** What a Python run gave. */
export interface PythonRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * The environment a peer runs in: ours without what could send its traffic off this machine
 * (proxies, OpenAI endpoints and real keys; a dummy key stands in).
 */
export function peerEnvironment(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, PYTHONDONTWRITEBYTECODE: "1", PYTHONUNBUFFERED: "1" };
  for (const name of Object.keys(env)) {
    if (/^(https?|all|no)_proxy$/i.test(name) || /^OPENAI_/.test(name)) delete env[name];
  }
  return { ...env, OPENAI_API_KEY: "dummy-key-for-loopback", ...extra };
}

/**
 * Runs `python SCRIPT ARGS...` (SCRIPT in this folder) without blocking the event loop, so that a
 * server in this process can answer it. Killed after `timeoutMs` (default 90 s).
 */
export function runPeer(
  python: string,
  script: string,
  args: readonly string[],
  options: { timeoutMs?: number; env?: Record<string, string> } = {},
): Promise<PythonRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(python, [join(peersFolder, script), ...args], {
      cwd: repositoryRoot,
      env: peerEnvironment(options.env),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs ?? 90_000);
    child.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once("close", (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
}

/** The JSON lines a peer printed, by their `scenario` field; throws (with its output) when it failed. */
export function scenarioResults(
  run: PythonRun,
): Map<string, { ok: boolean; error?: string; [key: string]: unknown }> {
  const results = new Map<string, { ok: boolean; error?: string }>();
  for (const line of run.stdout.split("\n")) {
    if (!line.startsWith("{")) continue;
    const parsed = JSON.parse(line) as { scenario: string; ok: boolean; error?: string };
    results.set(parsed.scenario, parsed);
  }
  if (run.status !== 0 && results.size === 0)
    throw new Error(`the Python peer exited ${run.status}:\n${run.stderr}\n${run.stdout}`);
  return results;
}
