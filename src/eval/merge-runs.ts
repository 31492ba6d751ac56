/**
 * `edgecall merge`: joins the run directories of one run split with `eval --shard i/n` (run on
 * several machines, or against several servers) into one run directory, as if it had run whole:
 * the union of the shards' stores, results.jsonl and summary.json in plan order, a run.json saying
 * which shards it was made from. Shards must be of one run: same model, settings (but the shard),
 * suite versions and extra tools, the same n, every shard present once. An unfinished shard is
 * merged as it is and the merged run is marked interrupted; `eval --resume MERGED` then runs
 * exactly the missing samples, on one machine.
 *
 * Models served over HTTP (`openai:URL#MODEL`) are the one case where identities may differ: a fleet
 * of servers has one URL per shard. Their model names must match; the URLs are recorded, and the
 * caller is told that edgecall cannot check the servers load the same weights.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { EdgecallError } from "../errors.js";
import { writeRunOutputs } from "./json-reporter.js";
import { attemptKey } from "./paired-attempts.js";
import type { ReportedRun } from "./reporter.js";
import { ResultStore, resultStoreFile } from "./result-store.js";
import {
  createRunDirectory,
  type MergedShard,
  type RunRecord,
  type RunShard,
  readRunRecord,
  settingsDifferences,
  writeRunRecord,
} from "./run-directory.js";
import { unusedPath } from "./run-directory-name.js";
import type { SampleResult } from "./sample-result.js";
import type { SuiteFigures } from "./suite-figures.js";
import { summarise } from "./summary.js";

/** What a merge made: the merged run as the reporters take it (results in plan order, run.json's record), and notes. */
export interface MergeOutcome extends ReportedRun {
  /** Notes for the user (unfinished shards, servers that cannot be checked). */
  notes: string[];
}

function refuse(why: string, subject?: string): EdgecallError {
  return new EdgecallError("usage", `merge: ${why}`, subject === undefined ? {} : { subject });
}

interface LoadedShard {
  directory: string;
  record: RunRecord;
  shard: RunShard;
  results: SampleResult[];
  planned: number;
}

/** Attempts a shard planned: from run.json, else from its summary.json (runs written before run.json kept it). */
function plannedOf(directory: string, record: RunRecord): number {
  if (typeof record.planned === "number") return record.planned;
  try {
    const summary = JSON.parse(readFileSync(join(directory, "summary.json"), "utf8")) as {
      planned?: unknown;
    };
    if (typeof summary.planned === "number") return summary.planned;
  } catch {
    // fall through
  }
  throw refuse(
    `${directory}: its run.json does not say how many attempts it planned, and it has no summary.json`,
  );
}

function loadShard(directory: string): LoadedShard {
  const record = readRunRecord(directory, "merge");
  const shard = record.settings.shard;
  if (shard === undefined || shard === null) {
    throw refuse(`${directory} is not a shard (it was not run with --shard i/n)`, directory);
  }
  const storePath = join(directory, resultStoreFile);
  let results: SampleResult[] = [];
  if (existsSync(storePath)) {
    const store = ResultStore.open(storePath);
    try {
      results = store.all();
    } finally {
      store.close();
    }
  }
  return { directory, record, shard, results, planned: plannedOf(directory, record) };
}

/** The part of a model identity shards must share: all of it, but only the model name of an HTTP server. */
function comparableIdentity(identity: string): string {
  return identity.startsWith("openai:")
    ? `openai:#${identity.slice(identity.lastIndexOf("#") + 1)}`
    : identity;
}

function checkSameRun(shards: readonly LoadedShard[]): void {
  const [first] = shards;
  if (first === undefined) return;
  for (const other of shards.slice(1)) {
    const where = `${other.directory} and ${first.directory}`;
    if (other.shard.count !== first.shard.count) {
      throw refuse(
        `${where} split the run differently (${other.shard.count} and ${first.shard.count} shards)`,
      );
    }
    if (comparableIdentity(other.record.model.identity) !== comparableIdentity(first.record.model.identity)) {
      throw refuse(
        `${where} ran different models (${other.record.model.identity} and ${first.record.model.identity})`,
      );
    }
    const differences = settingsDifferences(
      { ...first.record.settings, shard: null },
      { ...other.record.settings, shard: null },
    );
    if (differences.length > 0)
      throw refuse(`${where} ran with different settings (${differences.join("; ")})`);
    const suites = (record: RunRecord) =>
      record.suites.map((suite) => `${suite.name}@${suite.version}`).join(", ");
    if (suites(other.record) !== suites(first.record)) {
      throw refuse(
        `${where} ran different suites or suite versions (${suites(other.record)}; ${suites(first.record)})`,
      );
    }
    if (other.record.extraTools?.sha256 !== first.record.extraTools?.sha256) {
      throw refuse(`${where} offered different extra tools (--mcp)`);
    }
  }
  const byIndex = new Map<number, string>();
  for (const shard of shards) {
    const twin = byIndex.get(shard.shard.index);
    if (twin !== undefined) {
      throw refuse(`${shard.directory} and ${twin} are both shard ${shard.shard.index}/${shard.shard.count}`);
    }
    byIndex.set(shard.shard.index, shard.directory);
  }
  const count = first.shard.count;
  const missing: string[] = [];
  for (let index = 1; index <= count; index += 1) if (!byIndex.has(index)) missing.push(`${index}/${count}`);
  if (missing.length > 0) {
    throw refuse(
      `shard${missing.length > 1 ? "s" : ""} ${missing.join(", ")} ${missing.length > 1 ? "are" : "is"} missing ` +
        "(give every shard's run directory; a shard that has not finished can be merged as it is)",
    );
  }
}

/** The merged run's directory: `--out`, else beside the first shard, named after it. */
function mergedDirectory(out: string | undefined, first: string): string {
  if (out !== undefined) {
    if (existsSync(out) && !statSync(out).isDirectory()) {
      throw refuse(`--out ${out} is a file; name a new folder`, "--out");
    }
    if (existsSync(out) && readdirSync(out).length > 0) {
      throw refuse(`--out ${out} exists and is not empty; name a new folder`, "--out");
    }
    return out;
  }
  return unusedPath(join(dirname(first), `${basename(first).replace(/-shard\d+of\d+$/, "")}-merged`));
}

/** Merges the shard run directories into a new run directory. */
export function mergeRuns(
  directories: readonly string[],
  options: { out?: string; figures?: readonly SuiteFigures[] } = {},
): MergeOutcome {
  if (directories.length === 0) throw refuse("name the shards' run directories");
  const shards = directories.map(loadShard).sort((a, b) => a.shard.index - b.shard.index);
  checkSameRun(shards);
  const first = shards[0]!;
  const seen = new Map<string, string>();
  for (const shard of shards) {
    for (const result of shard.results) {
      const key = attemptKey(result);
      const twin = seen.get(key);
      if (twin !== undefined) {
        throw refuse(
          `${shard.directory} and ${twin} both hold a result for "${result.id}" (repeat ${result.repeat})`,
        );
      }
      seen.set(key, shard.directory);
    }
  }

  const notes: string[] = [];
  for (const shard of shards) {
    if (shard.results.length < shard.planned) {
      notes.push(
        `shard ${shard.shard.index}/${shard.shard.count} (${shard.directory}) is unfinished: ` +
          `${shard.results.length} of ${shard.planned} results`,
      );
    }
  }
  const identities = [...new Set(shards.map((shard) => shard.record.model.identity))];
  if (identities.length > 1) {
    notes.push(
      `the shards ran against different servers (${identities.join(", ")}): edgecall cannot check they serve the same weights`,
    );
  }

  const runDirectory = mergedDirectory(options.out, first.directory);
  createRunDirectory(runDirectory);
  // The merged store gives the results back in plan order, as every run's store does (here
  // without reading them back: it holds just the shards' results).
  let results: SampleResult[];
  const store = ResultStore.open(join(runDirectory, resultStoreFile));
  try {
    const shardResults = shards.flatMap((shard) => shard.results);
    store.insertAll(shardResults);
    results = store.allKnowing(shardResults);
  } finally {
    store.close();
  }
  const planned = shards.reduce((sum, shard) => sum + shard.planned, 0);
  const complete = results.length === planned;
  const mergedFrom: MergedShard[] = shards.map((shard) => ({
    directory: resolve(shard.directory),
    shard: shard.shard,
    status: shard.record.status,
    results: shard.results.length,
    planned: shard.planned,
    modelSpec: shard.record.modelSpec,
    host: shard.record.host,
  }));
  const record: RunRecord = {
    ...first.record,
    settings: { ...first.record.settings, shard: null },
    planned,
    mergedFrom,
    status: complete ? "complete" : "interrupted",
    startedAt: shards.map((shard) => shard.record.startedAt).sort()[0] ?? first.record.startedAt,
    endedAt: new Date().toISOString(),
    sessions: shards.flatMap((shard) => shard.record.sessions),
  };
  writeRunRecord(runDirectory, record);
  const summary = summarise({
    runDir: runDirectory,
    model: first.record.model,
    results,
    order: results.map((result) => ({ suite: result.suite, category: result.category })),
    planned,
    repeats: first.record.settings.repeats,
    userModel: first.record.settings.userModel ?? null,
    ...(options.figures === undefined ? {} : { figures: options.figures }),
    settings: { ...first.record.settings },
  });
  const run: ReportedRun = {
    runDirectory,
    summary,
    results,
    record,
    ...(options.figures === undefined ? {} : { figures: options.figures }),
  };
  writeRunOutputs(run);
  return { ...run, notes };
}
