/**
 * The typed view every table of the reports is built from: columns (a header, and whether the
 * column holds numbers, which are right-aligned) and rows of cells (a text, with a title saying why
 * it reads as it does where it needs one), formatted but not yet escaped. {@link tableHtml} is the
 * one place that turns a view into markup and escapes it.
 */
import { escapeHtml } from "./escape-html.js";

/** One column of a table. */
export interface TableColumn {
  header: string;
  /** Numbers: the header and cells get `class="num"` (right-aligned). */
  numeric?: boolean;
}

/** A cell: its text, or its text with a title (a tooltip saying why it reads as it does). */
export type TableCell = string | { text: string; title: string };

/** A table before it becomes HTML. */
export interface TableView {
  id: string;
  className?: string;
  columns: readonly TableColumn[];
  /** One cell per column; escaped by {@link tableHtml}. */
  rows: readonly (readonly TableCell[])[];
}

/** A column of names first, then numeric columns with these headers. */
export function namedNumericColumns(name: string, numbers: readonly string[]): TableColumn[] {
  return [{ header: name }, ...numbers.map((header) => ({ header, numeric: true }))];
}

function numericClass(column: TableColumn | undefined): string {
  return column?.numeric ? ' class="num"' : "";
}

/** A cell's text (its title left out). */
export function cellText(cell: TableCell): string {
  return typeof cell === "string" ? cell : cell.text;
}

function cellHtml(cell: TableCell, column: TableColumn | undefined): string {
  const title = typeof cell === "string" ? "" : ` title="${escapeHtml(cell.title)}"`;
  return `<td${numericClass(column)}${title}>${escapeHtml(cellText(cell))}</td>`;
}

/** The table's markup: a header row, then one row per line of the body. */
export function tableHtml(view: TableView): string {
  const head = view.columns
    .map((column) => `<th${numericClass(column)}>${escapeHtml(column.header)}</th>`)
    .join("");
  const rows = view.rows.map(
    (row) => `<tr>${row.map((cell, index) => cellHtml(cell, view.columns[index])).join("")}</tr>`,
  );
  const className = view.className === undefined ? "" : ` class="${escapeHtml(view.className)}"`;
  return `<table id="${escapeHtml(view.id)}"${className}><thead><tr>${head}</tr></thead><tbody>
${rows.join("\n")}
</tbody></table>`;
}
