/**
 * Building blocks of self-contained HTML pages: data embedded as inert JSON, fact
 * lists, chart figures, and the page shell (inline style and script, a strict Content Security
 * Policy that forbids every network fetch, so the page works from file:// and leaks nothing).
 * Escaping is src/html/escape-html.ts (re-exported here for the page's own parts).
 */
import { escapeHtml } from "../html/escape-html.js";
import { pageStyle } from "./page-style.js";

export { escapeHtml } from "../html/escape-html.js";

/**
 * JSON safe inside `<script type="application/json">`: `<` is written `\u003c` (so no `</script>`
 * can close the element) and the line separators U+2028/U+2029 are escaped.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** A definition list of facts; entries whose value is undefined, null or "" are left out. */
export function factList(entries: readonly [string, unknown][]): string {
  const items = entries
    .filter(([, value]) => value !== undefined && value !== null && value !== "")
    .map(
      ([name, value]) =>
        `<dt>${escapeHtml(name)}</dt><dd>${escapeHtml(typeof value === "string" ? value : JSON.stringify(value))}</dd>`,
    );
  return `<dl class="facts">${items.join("")}</dl>`;
}

/** A chart in a figure with its caption (and an optional note); nothing when the chart is null. */
export function chartFigure(title: string, svg: string | null, note?: string): string {
  if (svg === null) return "";
  const noteHtml = note === undefined ? "" : ` <span class="note">${escapeHtml(note)}</span>`;
  return `<figure class="chart"><figcaption>${escapeHtml(title)}${noteHtml}</figcaption>${svg}</figure>`;
}

/** Options of {@link htmlPage}. */
export interface PageParts {
  title: string;
  /** Body markup (already escaped). */
  body: string;
  /** Data for the page script, embedded as `<script id="report-data" type="application/json">`. */
  data: unknown;
  /** The page script (plain JavaScript, run after the body). */
  script: string;
}

/** A complete HTML document. */
export function htmlPage(parts: PageParts): string {
  const policy =
    "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'";
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${policy}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(parts.title)}</title>
<style>${pageStyle}</style>
</head>
<body>
<main>
${parts.body}
</main>
<script id="report-data" type="application/json">${jsonForScript(parts.data)}</script>
<script>${parts.script}</script>
</body>
</html>
`;
}

/** Bytes as MiB/GiB. */
export function bytes(value: number): string {
  if (value >= 1024 ** 3) return `${(value / 1024 ** 3).toFixed(2)} GiB`;
  return `${(value / 1024 ** 2).toFixed(1)} MiB`;
}
