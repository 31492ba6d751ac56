/**
 * Test helper: runs an ES module script (TypeScript imports allowed, through tsx) in a child
 * process from the repository root and kills it past a generous deadline. A liveness check for
 * work that could hang the event loop (a backtracking regular expression), never a speed
 * assertion: the deadline is minutes of slack for what takes milliseconds.
 */
import { spawn } from "node:child_process";

/** What the script printed, and whether it had to be killed at the deadline. */
export interface ScriptOutcome {
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

/** Runs `script` with `node --import tsx`; kills it after `deadlineMs` (default 120 s). */
export function runScriptWithDeadline(script: string, deadlineMs = 120_000): Promise<ScriptOutcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      cwd: process.cwd(),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    let timedOut = false;
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString("utf8");
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
    });
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGKILL");
    }, deadlineMs);
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on("close", () => {
      clearTimeout(timer);
      resolve({ stdout, stderr, timedOut });
    });
  });
}
