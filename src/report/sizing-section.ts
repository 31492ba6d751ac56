/**
 * The sizing verdict at the top of a compare-quants report written by `edgecall size` (its
 * sizing.json beside comparison.json): the same table as the terminal's, one row per file, then
 * the files meeting every budget and the recommendation in words. A random-weight file's accuracy
 * reads "—", its reason in the cell's title.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { sizingFile } from "../compare/run-sizing.js";
import { budgetsText, sizingHeaders, sizingRow } from "../compare/sizing-table.js";
import type { SizingVerdict } from "../compare/sizing-verdict.js";
import { type TableCell, tableHtml } from "../html/html-table.js";
import { notAScoreText, randomWeightsNotAScore } from "../html/not-a-score.js";
import { escapeHtml } from "./html-page.js";

/** The sizing verdict in `directory`, or undefined when it has none (or one that does not read). */
export function readSizingVerdict(directory: string): SizingVerdict | undefined {
  const path = join(directory, sizingFile);
  if (!existsSync(path)) return undefined;
  try {
    const verdict = JSON.parse(readFileSync(path, "utf8")) as SizingVerdict;
    return verdict.kind === "sizing-verdict" && Array.isArray(verdict.files) ? verdict : undefined;
  } catch {
    return undefined;
  }
}

/** The section's markup. */
export function sizingSection(verdict: SizingVerdict): string {
  const table = tableHtml({
    id: "sizing-table",
    columns: sizingHeaders.map((header, index) => ({ header, numeric: index >= 2 && index <= 6 })),
    rows: verdict.files.map((file) =>
      sizingRow(file).map(
        (cell): TableCell =>
          file.randomWeights && cell.startsWith(notAScoreText)
            ? { text: cell, title: randomWeightsNotAScore }
            : cell,
      ),
    ),
  });
  const random = verdict.randomWeights
    ? `<div class="banner warn">Random-weight files: their accuracy is noise and none is recommended as accurate.</div>`
    : "";
  return `<section id="sizing">
<h2>Sizing on this machine (${escapeHtml(budgetsText(verdict))})</h2>
${random}${table}
<p>meet every budget: ${escapeHtml(verdict.meeting.length === 0 ? "none" : verdict.meeting.join(", "))}</p>
<p><strong>verdict: ${escapeHtml(verdict.recommended === null ? "none recommended" : `${verdict.recommended} recommended`)}</strong>. ${escapeHtml(verdict.reason)}</p>
</section>`;
}
