import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

/** Path of the `edgecall` bin (runs the compiled dist/; `npm test` builds first). */
export const edgecallBin = fileURLToPath(new URL("../bin/edgecall.js", import.meta.url));

/** What a CLI run printed and returned. */
export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `edgecall ...args` with optional stdin and extra environment. */
export function runCli(
  args: string[],
  options: { stdin?: string; env?: Record<string, string>; nodeOptions?: string[]; timeoutMs?: number } = {},
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...(options.nodeOptions ?? []), edgecallBin, ...args], {
      env: { ...process.env, ...options.env },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs ?? 60_000);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    child.stdin.end(options.stdin ?? "");
  });
}
