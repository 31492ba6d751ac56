/**
 * The typed view every table of the reports is built from: columns (a header, and whether the
 * column holds numbers, which are right-aligned) and rows of cell texts, formatted but not yet
 * escaped. {@link tableHtml} is the one place that turns a view into markup and escapes it.
 */
import { escapeHtml } from "./html-page.js";

/** One column of a table. */
export interface TableColumn {
  header: string;
  /** Numbers: the header and cells get `class="num"` (right-aligned). */
  numeric?: boolean;
}

/** A table before it becomes HTML. */
export interface TableView {
  id: string;
  className?: string;
  columns: readonly TableColumn[];
  /** One text per column; escaped by {@link tableHtml}. */
  rows: readonly (readonly string[])[];
}

/** A column of names first, then numeric columns with these headers. */
export function namedNumericColumns(name: string, numbers: readonly string[]): TableColumn[] {
  return [{ header: name }, ...numbers.map((header) => ({ header, numeric: true }))];
}

function numericClass(column: TableColumn | undefined): string {
  return column?.numeric ? ' class="num"' : "";
}

/** The table's markup: a header row, then one row per line of the body. */
export function tableHtml(view: TableView): string {
  const head = view.columns
    .map((column) => `<th${numericClass(column)}>${escapeHtml(column.header)}</th>`)
    .join("");
  const rows = view.rows.map(
    (row) =>
      `<tr>${row.map((text, index) => `<td${numericClass(view.columns[index])}>${escapeHtml(text)}</td>`).join("")}</tr>`,
  );
  const className = view.className === undefined ? "" : ` class="${escapeHtml(view.className)}"`;
  return `<table id="${escapeHtml(view.id)}"${className}><thead><tr>${head}</tr></thead><tbody>
${rows.join("\n")}
</tbody></table>`;
}
