/**
 * Helpers for agent tests: write a replay script (JSONL) to a temporary file and open a replay
 * backend on it with the `json` format, so scripted outputs are parsed as a real model's would be.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createReplayBackend, type ReplayBackend } from "../backend/replay-backend.js";
import { getFormat } from "../formats/registry.js";

/** One scripted model output; `id` ties it to a sample. */
export interface ScriptLine {
  id?: string;
  output: string;
}

/** A bare-JSON call as the `json` format reads it. */
export function jsonCall(name: string, args: Record<string, unknown> = {}): string {
  return JSON.stringify({ name, arguments: args });
}

/** Writes the lines as a JSONL replay script in a fresh temporary folder; returns its path. */
export function writeReplayScript(lines: readonly (ScriptLine | string)[]): string {
  const folder = mkdtempSync(join(tmpdir(), "edgecall-agent-"));
  const path = join(folder, "script.jsonl");
  const text = lines
    .map((line) => JSON.stringify(typeof line === "string" ? { output: line } : line))
    .join("\n");
  writeFileSync(path, `${text}\n`);
  return path;
}

/** A replay backend (format `json`) serving the given outputs. */
export function replayModel(lines: readonly (ScriptLine | string)[], delayMs = 0): ReplayBackend {
  return createReplayBackend({ path: writeReplayScript(lines), format: getFormat("json"), delayMs });
}
