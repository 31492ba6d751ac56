/**
 * The `browser` part of a stored bench document (`bench --browser --json`), read tolerantly for
 * reports: the browser as a device (its user agent bounded to printable text: it came from a web
 * page), its tests and each one's ratio to in-process. Anything malformed leaves the part out
 * rather than failing the report.
 */
import { shownPageText } from "./browser-bench-text.js";

/** One browser test. */
export interface BrowserTestData {
  test: string;
  threads: number;
  tokensPerSecond: { min: number; median: number; max: number };
  /** Browser ÷ in-process median tokens/s, when the in-process run had the test. */
  ratio: number | null;
}

/** The stored browser figures. */
export interface BrowserBenchData {
  label: string;
  userAgent: string;
  cores: number | null;
  threadsAvailable: boolean;
  crossOriginIsolated: boolean;
  simd: boolean;
  runtime: string;
  tests: BrowserTestData[];
}

type Loose = Record<string, unknown>;

function isObject(value: unknown): value is Loose {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function finite(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value);
}

/** The browser part of `document`, or null when it has none (or a malformed one). */
export function parseBrowserBench(document: Loose): BrowserBenchData | null {
  const section = document.browser;
  if (!isObject(section) || !isObject(section.device) || !Array.isArray(section.results)) return null;
  const device = section.device;
  const ratios =
    isObject(section.inProcess) && Array.isArray(section.inProcess.ratios) ? section.inProcess.ratios : [];
  const tests: BrowserTestData[] = [];
  for (const entry of section.results as unknown[]) {
    if (!isObject(entry) || typeof entry.test !== "string" || !finite(entry.threads)) return null;
    const spread = entry.tokensPerSecond;
    if (!isObject(spread) || !finite(spread.min) || !finite(spread.median) || !finite(spread.max))
      return null;
    const ratio = ratios.find(
      (candidate): candidate is Loose =>
        isObject(candidate) && candidate.test === entry.test && candidate.browserThreads === entry.threads,
    );
    tests.push({
      test: shownPageText(entry.test, 40),
      threads: entry.threads,
      tokensPerSecond: { min: spread.min, median: spread.median, max: spread.max },
      ratio: ratio !== undefined && finite(ratio.browserOverInProcess) ? ratio.browserOverInProcess : null,
    });
  }
  return {
    label: typeof section.label === "string" ? shownPageText(section.label, 60) : "in-browser WebAssembly",
    userAgent: typeof device.userAgent === "string" ? shownPageText(device.userAgent) : "unknown",
    cores: finite(device.cores) ? device.cores : null,
    threadsAvailable: device.threadsAvailable === true,
    crossOriginIsolated: device.crossOriginIsolated === true,
    simd: device.simd === true,
    runtime: typeof section.runtime === "string" ? shownPageText(section.runtime) : "wllama",
    tests,
  };
}
