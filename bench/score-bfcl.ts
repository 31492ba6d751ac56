/**
 * Throughput of `score bfcl` on all 3,641 AST-scored BFCL v4 single-turn entries, with results
 * derived from the ground truth (raw prompt-mode text for Python entries, decoded calls with
 * Java / JavaScript literals otherwise; prose for irrelevance, a call for relevance).
 *
 *   node --import tsx bench/score-bfcl.ts [--bfcl-dir DIR] [--repeats N]
 *
 * Figures (median and best of the repeats, entries per second):
 * - end to end, edgecall: a new dataset (lazy: only the entries scored are parsed; possible
 *   answers read losslessly) + the results JSONL parsed losslessly + decoded + checked
 * - end to end, baseline: a straightforward scorer: every data file read and JSON.parse'd in
 *   full up front, results JSON.parse'd, values converted from plain JSON (so 3.0 becomes 3),
 *   then the same checker
 * - checking only: the dataset's parsed entries reused from an earlier run (decoding included)
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { bfclCategories, bfclCategoryOfId, bfclDataFiles, bfclScoring } from "../src/bfcl/categories.js";
import { BfclDataset, type BfclEntry, bfclEntryFromJson } from "../src/bfcl/dataset.js";
import { judgeBfclEntry } from "../src/bfcl/entry-verdict.js";
import { groundTruthResults } from "../src/bfcl/ground-truth-results.test-support.js";
import { stringifyLosslessJson } from "../src/bfcl/lossless-json.js";
import { parseBfclResults, pyValueFromPlain } from "../src/bfcl/results-file.js";
import { scoreBfclResults } from "../src/bfcl/score.js";

const { values } = parseArgs({
  options: {
    "bfcl-dir": {
      type: "string",
      default: join(dirname(fileURLToPath(import.meta.url)), "..", "..", "shared", "data", "bfcl-v4"),
    },
    repeats: { type: "string", default: "7" },
  },
});
const bfclDir = values["bfcl-dir"] as string;
const repeats = Number(values.repeats);
if (!existsSync(join(bfclDir, "BFCL_v4_simple_python.json"))) {
  console.error(`score-bfcl: no BFCL v4 data in ${bfclDir} (give --bfcl-dir)`);
  process.exit(1);
}

const source = new BfclDataset(bfclDir);
const results = bfclCategories.flatMap((category) => groundTruthResults(source, category, "text"));
const resultsText = results
  .map(
    (item) =>
      `{"id":${JSON.stringify(item.id)},"result":${typeof item.result === "string" ? JSON.stringify(item.result) : stringifyLosslessJson(item.result)}}`,
  )
  .join("\n");

function edgecallCold(): number {
  const dataset = new BfclDataset(bfclDir);
  const parsed = parseBfclResults(resultsText, "results.jsonl");
  const report = scoreBfclResults({
    bfclDir,
    dataset,
    results: parsed.map((item) => ({ id: item.id, result: item.result })),
  });
  return report.verdicts.filter((verdict) => verdict.valid).length;
}

const warmDataset = new BfclDataset(bfclDir);
const warmResults = parseBfclResults(resultsText, "results.jsonl").map((item) => ({
  id: item.id,
  result: item.result,
}));
function edgecallWarm(): number {
  return scoreBfclResults({ bfclDir, dataset: warmDataset, results: warmResults }).verdicts.filter(
    (verdict) => verdict.valid,
  ).length;
}

function baseline(): number {
  const entries = new Map<string, BfclEntry>();
  for (const category of bfclCategories) {
    const files = bfclDataFiles(category);
    const questions = readFileSync(join(bfclDir, files.questions), "utf8")
      .split("\n")
      .filter((line) => line.trim() !== "")
      .map((line) => JSON.parse(line));
    const answers =
      files.answers === undefined
        ? undefined
        : readFileSync(join(bfclDir, files.answers), "utf8")
            .split("\n")
            .filter((line) => line.trim() !== "")
            .map((line) => JSON.parse(line));
    questions.forEach((question, index) => {
      const truth = answers?.[index]?.ground_truth;
      entries.set(
        question.id,
        bfclEntryFromJson(
          question.id,
          category,
          question.function,
          truth === undefined ? undefined : pyValueFromPlain(truth),
        ),
      );
    });
  }
  let passed = 0;
  for (const line of resultsText.split("\n")) {
    const { id, result } = JSON.parse(line) as { id: string; result: unknown };
    const entry = entries.get(id);
    if (!entry || !bfclCategoryOfId(id)) throw new Error(`unknown id ${id}`);
    if (judgeBfclEntry(entry, pyValueFromPlain(result)).valid) passed += 1;
  }
  return passed;
}

interface Variant {
  name: string;
  run: () => number;
  times: number[];
  firstMs: number;
  passed: number;
}

/** Runs the variants round-robin (so that load from other processes hits them alike). */
function measure(group: Array<{ name: string; run: () => number }>): Variant[] {
  const variants: Variant[] = group.map(({ name, run }) => {
    const start = performance.now();
    const passed = run();
    return { name, run, times: [], firstMs: performance.now() - start, passed };
  });
  for (let round = 0; round < repeats; round += 1) {
    for (const variant of variants) {
      const start = performance.now();
      variant.passed = variant.run();
      variant.times.push(performance.now() - start);
    }
  }
  const rate = (ms: number): string =>
    `${Math.round(results.length / (ms / 1000)).toLocaleString("en-US")}/s`.padStart(9);
  for (const variant of variants) {
    const sorted = [...variant.times].sort((left, right) => left - right);
    const median = sorted[Math.floor(sorted.length / 2)] as number;
    const best = sorted[0] as number;
    console.log(
      `  ${variant.name.padEnd(28)} median ${median.toFixed(1).padStart(6)} ms ${rate(median)}   best ${best.toFixed(1).padStart(6)} ms ${rate(best)}   first run ${variant.firstMs.toFixed(0).padStart(5)} ms   (${variant.passed} passed)`,
    );
  }
  return variants;
}

function medianOf(variant: Variant | undefined): number {
  const sorted = [...(variant?.times ?? [])].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

const astEntries = results.filter(
  (item) => bfclScoring(bfclCategoryOfId(item.id) ?? "simple_python") === "ast",
).length;
console.log(
  `BFCL v4 single-turn: ${results.length} entries (${astEntries} with possible answers); ${repeats} rounds after a first run; entries per second`,
);
console.log("end to end (read and parse the data, parse the results, decode, check):");
const [cold, naive] = measure([
  { name: "edgecall", run: edgecallCold },
  { name: "baseline (eager JSON.parse)", run: baseline },
]);
console.log("checking only (data loaded, results parsed; decoding included):");
const [warm] = measure([{ name: "edgecall", run: edgecallWarm }]);
console.log(
  `end to end: ${(medianOf(naive) / medianOf(cold)).toFixed(2)}x the baseline's speed (medians); checking alone: ${Math.round(results.length / (medianOf(warm) / 1000)).toLocaleString("en-US")} entries/s`,
);
