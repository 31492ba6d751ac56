/**
 * Everything a report needs of a run: read from a run directory (`report RUN_DIR`, `compare`):
 * `run.json` (provenance and settings), `results.jsonl` (one line per attempt), `summary.json`
 * (recomputed from the results when it is missing) and, when a bench was stored there, `bench.json`
 * (`edgecall bench --json`); or taken as it is from a run handed to the reporters in memory
 * ({@link runDataOf}, after `eval` and `merge`). A folder holding only `bench.json` is a bench-only
 * run. Errors name the file (and line) at fault.
 */
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { type BenchData, parseBench } from "../bench/bench-data.js";
import { errorMessage } from "../error-message.js";
import { EdgecallError } from "../errors.js";
import type { ReportedRun } from "../eval/reporter.js";
import { type RunRecord, upgradeLegacyRecord } from "../eval/run-directory.js";
import type { SampleResult } from "../eval/sample-result.js";
import { type EvalSummary, summarise } from "../eval/summary.js";
import { parseJsonl } from "../text/jsonl-lines.js";

/** An eval run as read from its directory. */
export interface EvalRunData {
  record: RunRecord;
  results: SampleResult[];
  summary: EvalSummary;
}

/** A run directory's content. At least one of `eval` and `bench` is present. */
export interface RunData {
  /** The directory, resolved. */
  directory: string;
  eval?: EvalRunData;
  bench?: BenchData;
}

function readText(path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    throw new EdgecallError("file-not-found", `cannot read ${path}`, { subject: path, cause: error });
  }
}

function parseJson(path: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const reason = errorMessage(error);
    throw new EdgecallError("invalid-json", `${path}: not JSON: ${reason}`, { subject: path, cause: error });
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Parses results.jsonl; a bad line is an `invalid-json` error naming its line number. */
export function parseResultsJsonl(path: string, text: string): SampleResult[] {
  const results: SampleResult[] = [];
  const lines = parseJsonl(text, path, {
    problemError: ({ where, message, cause }) =>
      new EdgecallError("invalid-json", `${where}: not JSON: ${message}`, { subject: path, cause }),
  });
  for (const { where, value } of lines) {
    if (
      !isObject(value) ||
      typeof value.id !== "string" ||
      typeof value.suite !== "string" ||
      typeof value.category !== "string" ||
      typeof value.passed !== "boolean"
    )
      throw new EdgecallError(
        "invalid-json",
        `${where}: not a result (needs string id, suite, category and boolean passed)`,
        { subject: path },
      );
    const result = value as unknown as SampleResult;
    results.push({
      ...result,
      repeat: typeof result.repeat === "number" ? result.repeat : 0,
      calls: Array.isArray(result.calls) ? result.calls : [],
      rawText: typeof result.rawText === "string" ? result.rawText : "",
      explanation: typeof result.explanation === "string" ? result.explanation : "",
      metadata: isObject(result.metadata) ? result.metadata : {},
      error: result.error ?? null,
    });
  }
  return results;
}

function readRecord(path: string): RunRecord {
  const value = parseJson(path, readText(path));
  if (!isObject(value) || !isObject(value.model) || !isObject(value.settings) || !Array.isArray(value.suites))
    throw new EdgecallError("invalid-json", `${path}: not a run record (needs model, settings and suites)`, {
      subject: path,
    });
  const badSuite = value.suites.findIndex((suite) => !isObject(suite) || typeof suite.name !== "string");
  if (badSuite !== -1)
    throw new EdgecallError(
      "invalid-json",
      `${path}: suites[${badSuite}] is not a suite record (needs a name)`,
      {
        subject: path,
      },
    );
  if (value.sessions !== undefined && !Array.isArray(value.sessions))
    throw new EdgecallError("invalid-json", `${path}: sessions is not a list`, { subject: path });
  return upgradeLegacyRecord(value as unknown as RunRecord);
}

function readSummary(
  path: string,
  directory: string,
  record: RunRecord,
  results: SampleResult[],
): EvalSummary {
  if (existsSync(path)) {
    const value = parseJson(path, readText(path));
    if (isObject(value) && Array.isArray(value.categories) && isObject(value.overall))
      return value as unknown as EvalSummary;
    throw new EdgecallError("invalid-json", `${path}: not an eval summary (needs categories and overall)`, {
      subject: path,
    });
  }
  return summarise({
    runDir: directory,
    model: record.model,
    results,
    order: results.map((result) => ({ suite: result.suite, category: result.category })),
    planned: results.length,
    repeats: record.settings.repeats ?? 1,
    userModel: record.settings.userModel ?? null,
  });
}

/** The stored bench of a run directory (`bench.json`), or undefined when there is none. */
export function readStoredBench(directory: string): BenchData | undefined {
  const benchPath = join(resolve(directory), "bench.json");
  return existsSync(benchPath) ? parseBench(benchPath, parseJson(benchPath, readText(benchPath))) : undefined;
}

/** A run handed to the reporters, as a report shows it: nothing is read. */
export function runDataOf(run: ReportedRun): RunData {
  return {
    directory: resolve(run.runDirectory),
    eval: { record: run.record, results: [...run.results], summary: run.summary },
    ...(run.bench === undefined ? {} : { bench: run.bench }),
  };
}

/** Reads a run directory (an eval run, a stored bench, or both). */
export function readRunData(directory: string): RunData {
  const resolved = resolve(directory);
  const runPath = join(resolved, "run.json");
  const benchPath = join(resolved, "bench.json");
  const hasRun = existsSync(runPath);
  const hasBench = existsSync(benchPath);
  if (!hasRun && !hasBench)
    throw new EdgecallError(
      "file-not-found",
      `${directory}: not a run directory (neither run.json nor bench.json is there)`,
      { subject: directory },
    );
  const data: RunData = { directory: resolved };
  if (hasRun) {
    const record = readRecord(runPath);
    const resultsPath = join(resolved, "results.jsonl");
    const results = existsSync(resultsPath) ? parseResultsJsonl(resultsPath, readText(resultsPath)) : [];
    const summary = readSummary(join(resolved, "summary.json"), resolved, record, results);
    data.eval = { record, results, summary };
  }
  if (hasBench) data.bench = readStoredBench(resolved);
  return data;
}

/** True when the run's model has random weights (eval provenance or the stored bench says so). */
export function hasRandomWeights(run: RunData): boolean {
  return run.eval?.record.model.randomWeights === true || run.bench?.randomWeights === true;
}

/** A short label of a run's model: file name or spec, with the quantisation when known. */
export function runLabel(run: RunData): string {
  const model = run.eval?.record.model;
  const name = model?.path?.split(/[\\/]/).pop() ?? model?.spec ?? run.bench?.modelName ?? run.directory;
  const quant = model?.quantisation ?? run.bench?.quantisation;
  return quant && !name.toLowerCase().includes(quant.toLowerCase()) ? `${name} (${quant})` : name;
}
