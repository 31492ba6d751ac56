/**
 * The markup of the sample table section (filters, an empty table the page script fills one page
 * at a time, paging buttons) and of the transcript dialog. Shared by report and compare pages.
 */
import { escapeHtml } from "./html-page.js";

/** What differs between the report's table and the compare page's. */
export interface SampleTableOptions {
  heading: string;
  /** The second filter: its label and its options as [value, text]; "" means all. */
  verdictLabel: string;
  verdictOptions: readonly [string, string][];
  /** Column headers; names listed in `numeric` are right-aligned. */
  columns: readonly string[];
  numeric?: readonly string[];
  /** A sentence under the heading. */
  note?: string;
}

/** The section and the dialog. */
export function sampleTableSection(options: SampleTableOptions): string {
  const numeric = new Set(options.numeric ?? []);
  const verdicts = options.verdictOptions
    .map(([value, text]) => `<option value="${escapeHtml(value)}">${escapeHtml(text)}</option>`)
    .join("");
  const headers = options.columns
    .map((column) => `<th${numeric.has(column) ? ' class="num"' : ""}>${escapeHtml(column)}</th>`)
    .join("");
  const note = options.note === undefined ? "" : `<p class="muted">${escapeHtml(options.note)}</p>`;
  return `<section id="sample-section">
<h2>${escapeHtml(options.heading)}</h2>
${note}
<div class="controls">
<label>category <select id="filter-category"><option value="">all categories</option></select></label>
<label>${escapeHtml(options.verdictLabel)} <select id="filter-verdict">${verdicts}</select></label>
<label>search <input type="search" id="filter-search" placeholder="id, request, explanation, output"></label>
<button type="button" id="page-previous">previous</button>
<button type="button" id="page-next">next</button>
<span id="filter-status" class="muted" role="status"></span>
</div>
<table id="samples"><thead><tr>${headers}</tr></thead><tbody></tbody></table>
<p class="muted">Click a row (or focus it and press Enter) to open its full transcript.</p>
</section>
<dialog id="transcript" aria-labelledby="transcript-title">
<header><strong id="transcript-title"></strong><button type="button" id="transcript-close">close</button></header>
<div class="body" id="transcript-body"></div>
</dialog>`;
}
