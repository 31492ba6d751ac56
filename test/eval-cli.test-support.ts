/**
 * Helpers for the eval tests: run the CLI from source (through tsx, so no build is needed), find
 * the BFCL data folder next to the repository, and write replay scripts from BFCL's possible answers.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseLosslessJson, stringifyLosslessJson } from "../src/bfcl/lossless-json.js";
import type { PyDict, PyValue } from "../src/bfcl/py-value.js";

/** The repository root. */
export const repoRoot = fileURLToPath(new URL("..", import.meta.url));

/** The BFCL v4 data folder (`../shared/data/bfcl-v4` from the repository root), if present. */
export const bfclDir = join(repoRoot, "..", "shared", "data", "bfcl-v4");

/** True when the BFCL data is present; tests that need it skip (with this message) otherwise. */
export const hasBfcl = existsSync(join(bfclDir, "BFCL_v4_simple_python.json"));
export const noBfclMessage = `BFCL data not found at ${bfclDir}`;

/** Starts `edgecall ...args` from source. */
export function startCli(args: string[], env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", join(repoRoot, "src/cli/main.ts"), ...args], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
}

/** What a finished CLI run printed and returned. */
export interface CliOutcome {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Collects a started process's output until it exits. */
export function finished(child: ChildProcess, timeoutMs = 120_000): Promise<CliOutcome> {
  return new Promise((resolve, reject) => {
    let stdout = "";
    let stderr = "";
    child.stdout?.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr?.on("data", (chunk) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("error", reject);
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

/** Runs `edgecall ...args` from source to the end. */
export function runCliFromSource(
  args: string[],
  env: Record<string, string> = {},
  timeoutMs?: number,
): Promise<CliOutcome> {
  return finished(startCli(args, env), timeoutMs);
}

/**
 * Writes a replay script answering the first `count` entries of a BFCL AST category with calls
 * built from the first possible answer (JSON format, function-calling names); every fifth answer
 * drops its arguments, so some samples fail. Returns the ids in order.
 */
export function writeBfclReplay(path: string, category: string, count: number): string[] {
  const lines = readFileSync(join(bfclDir, "possible_answer", `BFCL_v4_${category}.json`), "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .slice(0, count);
  const ids: string[] = [];
  // Lossless: an answer's `1.0` stays `1.0` in the reply, as a model writing JSON would keep it.
  const key = (dict: PyDict, index: number) => (dict.keys[index] as { value: string }).value;
  const script = lines.map((line, index) => {
    const answer = parseLosslessJson(line) as PyDict;
    const field = (name: string) => answer.values[answer.keys.findIndex((_, at) => key(answer, at) === name)];
    const id = (field("id") as { value: string }).value;
    ids.push(id);
    const truth = field("ground_truth") as { items: PyDict[] };
    const calls = truth.items.map((call) => {
      const name = key(call, 0);
      const params = call.values[0] as PyDict;
      const members: string[] = [];
      if (index % 5 !== 4)
        params.keys.forEach((_, at) => {
          const first = (params.values[at] as { items: PyValue[] }).items[0];
          if (first === undefined || (first.kind === "str" && first.value === "")) return;
          members.push(`${JSON.stringify(key(params, at))}: ${stringifyLosslessJson(first)}`);
        });
      return `{"name": ${JSON.stringify(name.replace(/\./g, "_"))}, "arguments": {${members.join(", ")}}}`;
    });
    return JSON.stringify({ id, output: `[${calls.join(", ")}]` });
  });
  writeFileSync(path, `${script.join("\n")}\n`);
  return ids;
}

/** The only run directory under `out`. */
export function onlyRunDirectory(out: string): string {
  const entries = readdirSync(out);
  if (entries.length !== 1)
    throw new Error(`expected one run directory in ${out}, found ${entries.join(", ") || "none"}`);
  return join(out, entries[0] as string);
}

/** results.jsonl lines as objects. */
export function resultLines(runDirectory: string): Array<Record<string, unknown>> {
  return readFileSync(join(runDirectory, "results.jsonl"), "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** results.jsonl lines as objects, with `timing` removed (timings differ between any two runs). */
export function resultsWithoutTimings(runDirectory: string): Record<string, unknown>[] {
  return readFileSync(join(runDirectory, "results.jsonl"), "utf8")
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => {
      const record = JSON.parse(line) as Record<string, unknown>;
      delete record.timing;
      return record;
    });
}
