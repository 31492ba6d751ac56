/**
 * The bench figures of a run as a table in `report.html` (the charts show the same figures, but a
 * chart cannot be copied or read exactly): one row per test with its thread count, tokens per
 * second (median, min and max of the timed runs) and, for prefill tests, the time to first token;
 * and, when `bench --browser` stored them, the visiting browser's figures as a device of its own.
 */

import { namedNumericColumns, type TableView, tableHtml } from "../html/html-table.js";
import { escapeHtml } from "./html-page.js";
import type { RunData } from "./run-data.js";

/** The bench table's view: one row per test. */
export function benchTableView(run: RunData): TableView | null {
  const bench = run.bench;
  if (bench === undefined || bench.tests.length === 0) return null;
  return {
    id: "bench-table",
    columns: namedNumericColumns("test", [
      "threads",
      "tokens/s (median)",
      "min",
      "max",
      "time to first token (median)",
    ]),
    rows: bench.tests.map((test) => {
      const { min, median, max } = test.tokensPerSecond;
      return [
        test.test,
        test.threads === null ? "n/a" : String(test.threads),
        median.toFixed(1),
        min.toFixed(1),
        max.toFixed(1),
        test.firstTokenMs === null ? "n/a" : `${Math.round(test.firstTokenMs.median)} ms`,
      ];
    }),
  };
}

/** The table of `bench --browser`'s figures (the visiting browser as a device of its own), or null. */
export function browserBenchTableView(run: RunData): TableView | null {
  const browser = run.bench?.browser;
  if (browser === undefined || browser.tests.length === 0) return null;
  return {
    id: "bench-browser-table",
    columns: [
      { header: "device" },
      ...namedNumericColumns("test", ["threads", "tokens/s (median)", "min", "max", "÷ in-process"]),
    ],
    rows: browser.tests.map((test) => {
      const { min, median, max } = test.tokensPerSecond;
      return [
        browser.label,
        test.test,
        String(test.threads),
        median.toFixed(1),
        min.toFixed(1),
        max.toFixed(1),
        test.ratio === null ? "n/a" : `${test.ratio.toFixed(2)}x`,
      ];
    }),
  };
}

function browserPart(run: RunData): string {
  const view = browserBenchTableView(run);
  const browser = run.bench?.browser;
  if (view === null || browser === undefined) return "";
  const facts =
    `${browser.cores ?? "hidden"} cores reported; threads ${browser.threadsAvailable ? "available" : "not available"} ` +
    `(cross-origin isolated: ${browser.crossOriginIsolated ? "yes" : "no"}); SIMD ${browser.simd ? "yes" : "no"}; ${browser.runtime}`;
  return `<h3>${escapeHtml(browser.label)}</h3>
<p class="muted">A lower bound of a native app on that device: llama.cpp compiled to WebAssembly in the browser, on its CPU. Browser: ${escapeHtml(browser.userAgent)}. ${escapeHtml(facts)}. ÷ in-process: browser ÷ this machine's in-process median, same file, same command.</p>
${tableHtml(view)}`;
}

/** The bench section (empty string when the run has no stored bench). */
export function benchSection(run: RunData): string {
  const view = benchTableView(run);
  if (view === null) return "";
  return `<section id="bench">
<h2>Bench</h2>
${tableHtml(view)}
<p class="muted">Measured in a fresh process by <code>edgecall bench</code>'s machinery; pp = prefill of a prompt of that many tokens, tg = decoding that many tokens.</p>
${browserPart(run)}
</section>`;
}
