/**
 * The bench figures of a run as a table in `report.html` (the charts show the same figures, but a
 * chart cannot be copied or read exactly): one row per test with its thread count, tokens per
 * second (median, min and max of the timed runs) and, for prefill tests, the time to first token.
 */
import { escapeHtml } from "./html-page.js";
import type { RunData } from "./run-data.js";

function cell(text: string, numeric = false): string {
  return `<td${numeric ? ' class="num"' : ""}>${escapeHtml(text)}</td>`;
}

/** The bench section (empty string when the run has no stored bench). */
export function benchSection(run: RunData): string {
  const bench = run.bench;
  if (bench === undefined || bench.tests.length === 0) return "";
  const head = ["test", "threads", "tokens/s (median)", "min", "max", "time to first token (median)"]
    .map((name, index) => `<th${index > 0 ? ' class="num"' : ""}>${escapeHtml(name)}</th>`)
    .join("");
  const rows = bench.tests.map((test) => {
    const { min, median, max } = test.tokensPerSecond;
    const firstToken = test.firstTokenMs === null ? "n/a" : `${Math.round(test.firstTokenMs.median)} ms`;
    return `<tr>${cell(test.test)}${cell(test.threads === null ? "n/a" : String(test.threads), true)}${cell(median.toFixed(1), true)}${cell(min.toFixed(1), true)}${cell(max.toFixed(1), true)}${cell(firstToken, true)}</tr>`;
  });
  return `<section id="bench">
<h2>Bench</h2>
<table id="bench-table"><thead><tr>${head}</tr></thead><tbody>
${rows.join("\n")}
</tbody></table>
<p class="muted">Measured in a fresh process by <code>edgecall bench</code>'s machinery; pp = prefill of a prompt of that many tokens, tg = decoding that many tokens.</p>
</section>`;
}
