/**
 * The run directory (the CLI contract, docs/architecture.md): `run.json` (provenance and settings), `results.sqlite` (the
 * durable store), `results.jsonl` and `summary.json` (both rewritten by the JSON reporter at the
 * end of every session from every result of the run, so a resumed run's files are those of an
 * uninterrupted one). The directory is written by `eval` and `merge`, and read only by `report`,
 * `compare`, `merge` (its shards) and `eval --resume`. The default name is
 * `<out>/<UTC timestamp>-<model>-<suites>`.
 */
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { writeFileAtomic } from "../atomic-file.js";
import type { BackendReport } from "../backend/model-backend.js";
import { hubSpecLabel, type ModelSpec } from "../backend/model-spec.js";
import { errorMessage } from "../error-message.js";
import { EdgecallError } from "../errors.js";
import type { ToolDefinition } from "../messages.js";
import { sha256Hex } from "../sha256.js";
import type { ModelProvenance } from "./provenance.js";
import type { ConfirmMode, GuardsMode } from "./solver.js";

/** The settings a resumed run must share with the original. */
export interface EvalSettings {
  suites: string[];
  bfclMode: "prompt" | "fc";
  limit: number | null;
  repeats: number;
  seed: number;
  temperature: number | null;
  topP: number | null;
  topK: number | null;
  maxTokens: number;
  decoding: "free" | "constrained";
  toolChoice: "auto" | "required" | "none";
  format: string | null;
  /**
   * `--shard i/n`: this run holds the samples whose plan position is i-1 modulo n (all repeats of a
   * sample in one shard); null for a whole run. Absent in runs written before sharding existed.
   */
  shard?: RunShard | null;
  /** `--confirm`: who answers confirmations in agent suites. Absent in runs written before agent suites existed (read as `user`). */
  confirm?: ConfirmMode;
  /** `--guards`: whether agent suites ran calls through the guards. Absent in runs written before it existed (read as `on`). */
  guards?: GuardsMode;
  /** `--judge-model`: the model spec judging replies (absolute paths), null for none (the refusal check). */
  judgeModel?: string | null;
  /** `--injections`: the user's payload file (absolute path), null for none. */
  injections?: string | null;
  /** `--user-model`: the model spec playing the user (absolute paths), null for the scripted user. */
  userModel?: string | null;
  /** `--augment`: augmentations of the suites that have them. */
  augment?: string[];
  /** `--max-steps`: model calls per user turn in agent suites. */
  maxSteps?: number;
  /** `--token-budget`: tokens per agent sample, null for none. */
  tokenBudget?: number | null;
  /**
   * `--thinking`: the chat template's `enable_thinking`, null when not passed (the template's, or
   * an `openai:` server's, default). Absent in runs written before it was recorded.
   */
  enableThinking?: boolean | null;
  /** `--date-string`: the chat template's `date_string`, null when not passed. */
  dateString?: string | null;
}

/** One shard of a run split with `--shard i/n` (index from 1). */
export interface RunShard {
  index: number;
  count: number;
}

/** One session of work on a run (the first, then one per `--resume`). */
export interface RunSession {
  startedAt: string;
  endedAt: string | null;
  status: "running" | "complete" | "interrupted" | "failed";
  command: string[];
  concurrency: number;
  /** Results this session committed (unknown, null, when it was killed). */
  completed: number | null;
  /**
   * What the backend reported at the session's end (src/backend/model-backend.ts `BackendReport`):
   * a fleet's per-server counts, tool-schema bounds relaxed for a server's grammar. Absent when it
   * reported nothing.
   */
  backend?: BackendReport;
  /**
   * Peak resident memory of the edgecall process when the session ended (VmHWM on Linux, else
   * maxRSS): the model, its context and Node.js. Absent in runs written before it was recorded.
   */
  peakRssBytes?: number;
}

/** A suite as run.json records it. */
export interface SuiteRecord {
  name: string;
  version: string;
  categories: readonly string[];
  /** What building the suite skipped (Suite.notes); absent when nothing. */
  notes?: readonly string[];
}

/** The content of run.json. */
export interface RunRecord {
  edgecallVersion: string;
  /** The model spec as first given (a resume without --model reuses it). */
  modelSpec: string;
  settings: EvalSettings;
  model: ModelProvenance;
  suites: SuiteRecord[];
  bfclDir: string | null;
  /** Attempts (samples × repeats) this run directory plans; absent in runs written before it was recorded. */
  planned?: number;
  /** For a run made by `edgecall merge`: the shard directories it was made from. */
  mergedFrom?: MergedShard[];
  /**
   * Tools added to every sample (`eval --mcp`): their names and the sha256 of their definitions.
   * Absent when none were added (and in runs written before it was recorded). A resume must offer
   * the same ones, or its samples would be asked a different question.
   */
  extraTools?: ExtraToolsRecord;
  host: Record<string, unknown>;
  cache: { enabled: boolean; path: string | null };
  status: RunSession["status"];
  startedAt: string;
  endedAt: string | null;
  sessions: RunSession[];
}

/** See {@link RunRecord.mergedFrom}. */
export interface MergedShard {
  directory: string;
  shard: RunShard;
  status: RunSession["status"];
  results: number;
  planned: number;
  modelSpec: string;
  host: Record<string, unknown>;
}

/** See {@link RunRecord.extraTools}. */
export interface ExtraToolsRecord {
  names: string[];
  sha256: string;
}

/** The record of extra tools, or undefined for none. */
export function extraToolsRecord(tools: readonly ToolDefinition[] | undefined): ExtraToolsRecord | undefined {
  if (tools === undefined || tools.length === 0) return undefined;
  return {
    names: tools.map((tool) => tool.name),
    sha256: sha256Hex(JSON.stringify(tools)),
  };
}

function slug(text: string, maxLength: number): string {
  const cleaned = text
    .replace(/[^A-Za-z0-9._+-]+/g, "-")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "");
  return (cleaned || "x").slice(0, maxLength);
}

function modelSlug(spec: ModelSpec): string {
  switch (spec.kind) {
    case "demo":
      return "demo";
    case "gguf":
      return basename(spec.path).replace(/\.gguf$/i, "");
    case "openai":
      return spec.model;
    case "replay":
      return `replay-${basename(spec.path).replace(/\.jsonl?$/i, "")}`;
    case "hf":
      return hubSpecLabel(spec);
  }
}

/** A new run directory path under `out` (not yet created); a numeric suffix avoids collisions. */
export function defaultRunDirectory(
  out: string,
  spec: ModelSpec,
  suites: readonly string[],
  now = new Date(),
  suffix = "",
): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");
  const base = join(
    out,
    `${stamp}-${slug(modelSlug(spec), 40)}-${slug(suites.join("+").replace(/:/g, "_"), 60)}${suffix}`,
  );
  return unusedPath(base);
}

/** `base`, or `base-2`, `base-3`, ... : the first that does not exist yet. */
export function unusedPath(base: string): string {
  let candidate = base;
  for (let index = 2; existsSync(candidate); index += 1) candidate = `${base}-${index}`;
  return candidate;
}

/** Creates the directory (and parents). */
export function createRunDirectory(path: string): void {
  try {
    mkdirSync(path, { recursive: true });
  } catch (error) {
    throw new EdgecallError("invalid-argument", `cannot create the run directory ${path}`, {
      subject: path,
      cause: error,
    });
  }
}

/** Writes run.json. */
export function writeRunRecord(runDirectory: string, record: RunRecord): void {
  writeFileAtomic(join(runDirectory, "run.json"), `${JSON.stringify(record, null, 2)}\n`);
}

/** Reads run.json of an existing run; `file-not-found` / `invalid-json` naming the file otherwise. */
export function readRunRecord(runDirectory: string, flag = "--resume"): RunRecord {
  const path = join(runDirectory, "run.json");
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new EdgecallError(
      "file-not-found",
      `${flag}: ${path} not found (is ${runDirectory} an eval run directory?)`,
      {
        subject: path,
        cause: error,
      },
    );
  }
  try {
    const record = JSON.parse(text) as RunRecord;
    if (typeof record !== "object" || record === null || Array.isArray(record))
      throw new Error("expected a JSON object");
    if (
      typeof record.modelSpec !== "string" ||
      typeof record.settings !== "object" ||
      record.settings === null
    )
      throw new Error("missing modelSpec or settings");
    return record;
  } catch (error) {
    const reason = errorMessage(error);
    throw new EdgecallError("invalid-json", `${path}: not a run record: ${reason}`, {
      subject: path,
      cause: error,
    });
  }
}

/** Differences between the original settings and the ones given now, as `name: was X, now Y`. */
export function settingsDifferences(original: EvalSettings, now: EvalSettings): string[] {
  const differences: string[] = [];
  for (const key of Object.keys(now) as (keyof EvalSettings)[]) {
    const before = JSON.stringify(original[key] ?? null);
    const after = JSON.stringify(now[key] ?? null);
    if (before !== after) differences.push(`${key}: was ${before}, now ${after}`);
  }
  return differences;
}
