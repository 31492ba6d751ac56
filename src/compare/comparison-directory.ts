/**
 * The comparison directory of `edgecall compare-quants`: `comparison.json` at its top and one
 * ordinary eval run directory per model inside it (so `edgecall report RUN_DIR` works on each).
 * comparison.json is rewritten after every model, so an interrupted comparison can be resumed
 * from it. Default name: `<out>/<UTC time>-quants-<suites>`.
 */
import { existsSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { writeFileAtomic } from "../atomic-file.js";
import { hubSpecLabel, parseModelSpec } from "../backend/model-spec.js";
import { errorMessage } from "../error-message.js";
import { EdgecallError } from "../errors.js";
import type { SampleResult } from "../eval/sample-result.js";
import type { EvalSummary } from "../eval/summary.js";
import { readJsonlFile } from "../text/jsonl-file.js";
import type { QuantComparison } from "./quant-comparison.js";

/** The file name of the comparison document. */
export const comparisonFile = "comparison.json";

function slug(text: string, maxLength: number): string {
  const cleaned = text
    .replace(/[^A-Za-z0-9._+-]+/g, "-")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "");
  return (cleaned || "x").slice(0, maxLength);
}

/** A new comparison directory path under `out` (not created); a numeric suffix avoids collisions. */
export function defaultComparisonDirectory(out: string, suites: readonly string[], now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");
  const base = join(out, `${stamp}-quants-${slug(suites.join("+").replace(/:/g, "_"), 60)}`);
  let candidate = base;
  for (let index = 2; existsSync(candidate); index += 1) candidate = `${base}-${index}`;
  return candidate;
}

/**
 * Short, distinct labels for model specs: the file name without `.gguf` (or the replay script's
 * name, the `openai:` model name, `demo`); a repeated label gets `#2`, `#3`.
 */
export function modelLabels(specs: readonly string[]): string[] {
  const labels: string[] = [];
  for (const text of specs) {
    const spec = parseModelSpec(text);
    const base =
      spec.kind === "gguf"
        ? basename(spec.path).replace(/\.gguf$/i, "")
        : spec.kind === "replay"
          ? basename(spec.path).replace(/\.jsonl?$/i, "")
          : spec.kind === "openai"
            ? spec.model
            : spec.kind === "hf"
              ? hubSpecLabel(spec)
              : "demo";
    let label = base;
    for (let index = 2; labels.includes(label); index += 1) label = `${base}#${index}`;
    labels.push(label);
  }
  return labels;
}

/** Writes comparison.json. */
export function writeComparison(directory: string, comparison: QuantComparison): void {
  writeFileAtomic(join(directory, comparisonFile), `${JSON.stringify(comparison, null, 2)}\n`);
}

/** Reads comparison.json of an existing comparison (`--resume`); errors name the file. */
export function readComparison(directory: string): QuantComparison {
  const path = join(directory, comparisonFile);
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new EdgecallError(
      "file-not-found",
      `--resume: ${path} not found (is ${directory} a compare-quants directory?)`,
      { subject: path, cause: error },
    );
  }
  try {
    const document = JSON.parse(text) as QuantComparison;
    if (document.kind !== "quant-comparison" || !Array.isArray(document.models))
      throw new Error('not {"kind": "quant-comparison", "models": [...]}');
    return document;
  } catch (error) {
    const reason = errorMessage(error);
    throw new EdgecallError("invalid-json", `${path}: not a comparison document: ${reason}`, {
      subject: path,
      cause: error,
    });
  }
}

/** The summary and results a run directory holds (null summary when it has none yet). */
export function readRunOutputs(runDirectory: string): {
  summary: EvalSummary | null;
  results: SampleResult[];
} {
  const summaryPath = join(runDirectory, "summary.json");
  const resultsPath = join(runDirectory, "results.jsonl");
  if (!existsSync(summaryPath) || !existsSync(resultsPath)) return { summary: null, results: [] };
  const summary = JSON.parse(readFileSync(summaryPath, "utf8")) as EvalSummary;
  const results = readJsonlFile<SampleResult>(resultsPath).map((line) => line.value);
  return { summary, results };
}
