/**
 * The parts of a stored `edgecall bench --json` document (`bench.json` in a run directory) that
 * reports show. Read tolerantly: the CLI contract fixes `model`, `loadMs`, `peakRssBytes` and
 * `results[].{test, tokensPerSecond: {min, median, max}, runs}`; the rest is used when present
 * (also the flat `description` and `device` of the figures compare-quants keeps per model).
 */

import { EdgecallError } from "../errors.js";
import { modelDescription } from "./bench-report.js";
import { type BrowserBenchData, parseBrowserBench } from "./browser/browser-bench-data.js";

/** Min, median and max of a measurement. */
export interface SpreadData {
  min: number;
  median: number;
  max: number;
}

/** One bench test (e.g. `pp512` at 4 threads). */
export interface BenchTestData {
  test: string;
  /** `pp` (prefill) or `tg` (decode), from the test name. */
  kind: "pp" | "tg" | "other";
  /** The prompt length of a pp test, the generated tokens of a tg test. */
  tokens: number | null;
  threads: number | null;
  tokensPerSecond: SpreadData;
  firstTokenMs: SpreadData | null;
}

/** A stored bench. */
export interface BenchData {
  modelName: string | null;
  description: string | null;
  quantisation: string | null;
  device: string | null;
  /** Null for a bench of a server (nothing was loaded here). */
  loadMs: number | null;
  /** Null for a bench of a server (its memory is not this process's). */
  peakRssBytes: number | null;
  randomWeights: boolean;
  tests: BenchTestData[];
  /** `bench --browser`'s figures of the visiting browser (in-browser WebAssembly), when stored. */
  browser?: BrowserBenchData;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function spread(value: unknown): SpreadData | null {
  if (!isObject(value)) return null;
  const { min, median, max } = value;
  if (typeof min !== "number" || typeof median !== "number" || typeof max !== "number") return null;
  return { min, median, max };
}

function text(value: unknown): string | null {
  return typeof value === "string" && value !== "" ? value : null;
}

/** Validates and narrows a bench document; `invalid-json` naming the file and field otherwise. */
export function parseBench(path: string, value: unknown): BenchData {
  const fail = (field: string): never => {
    throw new EdgecallError("invalid-json", `${path}: not a bench document (${field})`, { subject: path });
  };
  if (!isObject(value)) return fail("not an object");
  if (typeof value.loadMs !== "number" && value.loadMs !== null) fail("loadMs must be a number or null");
  if (typeof value.peakRssBytes !== "number" && value.peakRssBytes !== null)
    fail("peakRssBytes must be a number or null");
  if (!Array.isArray(value.results)) fail("results must be an array");
  const model = isObject(value.model) ? value.model : {};
  const backend = isObject(value.backend) ? value.backend : {};
  const tests: BenchTestData[] = [];
  for (const [index, entry] of (value.results as unknown[]).entries()) {
    if (!isObject(entry) || typeof entry.test !== "string") return fail(`results[${index}].test`);
    const tokensPerSecond = spread(entry.tokensPerSecond);
    if (tokensPerSecond === null) return fail(`results[${index}].tokensPerSecond needs min, median, max`);
    const match = /^(pp|tg)(\d+)/.exec(entry.test);
    const kind = match?.[1] === "pp" ? "pp" : match?.[1] === "tg" ? "tg" : "other";
    const named = match?.[2] === undefined ? null : Number(match[2]);
    const tokens =
      kind === "pp" && typeof entry.promptTokens === "number"
        ? entry.promptTokens
        : kind === "tg" && typeof entry.genTokens === "number"
          ? entry.genTokens
          : named;
    tests.push({
      test: entry.test,
      kind,
      tokens,
      threads: typeof entry.threads === "number" ? entry.threads : null,
      tokensPerSecond,
      firstTokenMs: spread(entry.firstTokenMs),
    });
  }
  const description = text(model.description) ?? text(value.description);
  const browser = parseBrowserBench(value);
  return {
    modelName: text(model.name) ?? text(model.path)?.split(/[\\/]/).pop() ?? null,
    description:
      description !== null && typeof model.parameters === "number"
        ? modelDescription(description, model.parameters)
        : description,
    quantisation: text(model.quantisation),
    device: text(backend.device) ?? text(value.device),
    loadMs: value.loadMs as number | null,
    peakRssBytes: value.peakRssBytes as number | null,
    randomWeights: value.randomWeights === true || model.randomWeights === true,
    tests,
    ...(browser === null ? {} : { browser }),
  };
}
