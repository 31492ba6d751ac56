/**
 * The run directory (the CLI contract, docs/architecture.md): `run.json` (provenance and settings), `results.sqlite` (the
 * durable store), `results.jsonl` and `summary.json` (both rewritten by the JSON reporter at the
 * end of every session from every result of the run, so a resumed run's files are those of an
 * uninterrupted one). The directory is written by `eval` and `merge`, and read only by `report`,
 * `compare`, `merge` (its shards) and `eval --resume`. Its default name: src/eval/run-directory-name.ts.
 */
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { writeFileAtomic } from "../atomic-file.js";
import type { BackendReport } from "../backend/model-backend.js";
import { errorMessage } from "../error-message.js";
import { EdgecallError } from "../errors.js";
import type { ToolDefinition } from "../messages.js";
import { sha256Hex } from "../sha256.js";
import type { ModelProvenance } from "./provenance.js";
import type { ConfirmMode, GuardsMode } from "./solver.js";
import type { RecordedSuiteOptions } from "./suite-inputs.js";

/** The settings a resumed run must share with the original. */
export interface EvalSettings {
  suites: string[];
  /**
   * The suites' own options as given (`--bfcl-dir`, `--bfcl-mode`, `--augment`, `--injections`,
   * ...: src/eval/suite-inputs.ts), by flag name without dashes, paths absolute. What the suites
   * resolved from them (a default included) is in each {@link SuiteRecord}'s `settings`. Runs
   * written before it was recorded are read by {@link upgradeLegacyRecord}.
   */
  suiteOptions: RecordedSuiteOptions;
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
  /** `--user-model`: the model spec playing the user (absolute paths), null for the scripted user. */
  userModel?: string | null;
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
  /** What the suite resolved from its options (Suite.settings, e.g. BFCL's `{ mode }`); absent when nothing. */
  settings?: Readonly<Record<string, unknown>>;
}

/** The content of run.json. */
export interface RunRecord {
  edgecallVersion: string;
  /** The model spec as first given (a resume without --model reuses it). */
  modelSpec: string;
  settings: EvalSettings;
  model: ModelProvenance;
  suites: SuiteRecord[];
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
    return upgradeLegacyRecord(record);
  } catch (error) {
    const reason = errorMessage(error);
    throw new EdgecallError("invalid-json", `${path}: not a run record: ${reason}`, {
      subject: path,
      cause: error,
    });
  }
}

/**
 * Legacy run records: runs written before suite options were generic kept them as fields of their
 * own (`bfclDir` beside the settings; `settings.bfclMode`, `settings.injections`,
 * `settings.augment`). This maps them into `settings.suiteOptions` by flag name (nulls and empty
 * lists meant "not given") and drops them, so such runs still report, merge and resume. Records
 * that have `suiteOptions` are returned as they are.
 */
export function upgradeLegacyRecord(record: RunRecord): RunRecord {
  const settings = record.settings as EvalSettings & Record<string, unknown>;
  if (typeof settings.suiteOptions === "object" && settings.suiteOptions !== null) return record;
  const legacy = record as RunRecord & { bfclDir?: unknown };
  const { bfclMode, injections, augment, ...rest } = settings;
  const options: Record<string, unknown> = {
    "bfcl-dir": legacy.bfclDir,
    "bfcl-mode": bfclMode,
    injections,
    augment: Array.isArray(augment) && augment.length === 0 ? undefined : augment,
  };
  const suiteOptions = Object.fromEntries(
    Object.entries(options).filter(([, value]) => value !== undefined && value !== null),
  ) as EvalSettings["suiteOptions"];
  const { bfclDir: _bfclDir, ...upgraded } = legacy;
  return { ...upgraded, settings: { ...rest, suiteOptions } };
}

/**
 * Differences between the original settings and the ones given now, as `name: was X, now Y`; a
 * suite option is named by its flag (`--bfcl-mode: was "fc", now "prompt"`).
 */
export function settingsDifferences(original: EvalSettings, now: EvalSettings): string[] {
  const differences: string[] = [];
  const differ = (name: string, before: unknown, after: unknown): void => {
    const was = JSON.stringify(before ?? null);
    const is = JSON.stringify(after ?? null);
    if (was !== is) differences.push(`${name}: was ${was}, now ${is}`);
  };
  for (const key of Object.keys(now) as (keyof EvalSettings)[]) {
    if (key !== "suiteOptions") {
      differ(key, original[key], now[key]);
      continue;
    }
    const before = original.suiteOptions ?? {};
    const after = now.suiteOptions ?? {};
    const names = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    for (const name of names)
      differ(
        `--${name}`,
        Object.hasOwn(before, name) ? before[name] : undefined,
        Object.hasOwn(after, name) ? after[name] : undefined,
      );
  }
  return differences;
}
