/**
 * A `compare-quants` directory as report input: its `comparison.json` lists one ordinary run
 * directory per model (`models[].runDir`) and, with `--bench`, each model's bench figures
 * (`models[].bench`), which stand in for a bench.json the run directory lacks. Read tolerantly:
 * only those two fields are used.
 */
import { existsSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { parseBench } from "../bench/bench-data.js";
import { errorMessage } from "../error-message.js";
import { EdgecallError } from "../errors.js";
import { type RunData, readRunData } from "./run-data.js";

/** The file that marks a compare-quants directory. */
export const comparisonFileName = "comparison.json";

function runDirectoryOf(comparisonDirectory: string, runDir: string): string | null {
  for (const candidate of [runDir, join(comparisonDirectory, basename(runDir))])
    if (existsSync(join(candidate, "run.json"))) return candidate;
  return null;
}

/** The models' runs of a compare-quants directory, in its order; null when it has no comparison.json. */
export function readComparisonRuns(directory: string): RunData[] | null {
  const path = join(directory, comparisonFileName);
  if (!existsSync(path)) return null;
  let document: unknown;
  try {
    document = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    const reason = errorMessage(error);
    throw new EdgecallError("invalid-json", `${path}: not JSON: ${reason}`, { subject: path, cause: error });
  }
  const models = (document as { models?: unknown }).models;
  if (!Array.isArray(models))
    throw new EdgecallError("invalid-json", `${path}: not a comparison document (models must be an array)`, {
      subject: path,
    });
  const runs: RunData[] = [];
  for (const model of models as { runDir?: unknown; bench?: unknown }[]) {
    if (typeof model?.runDir !== "string") continue;
    const runDirectory = runDirectoryOf(directory, model.runDir);
    if (runDirectory === null) continue;
    const run = readRunData(runDirectory);
    if (run.bench === undefined && typeof model.bench === "object" && model.bench !== null) {
      try {
        run.bench = parseBench(`${path} (bench of ${model.runDir})`, model.bench);
      } catch {
        // A bench in another shape is left out rather than failing the report.
      }
    }
    runs.push(run);
  }
  if (runs.length === 0)
    throw new EdgecallError("file-not-found", `${path}: no model has a run directory yet`, { subject: path });
  return runs;
}
