/**
 * Plain-text tables for the terminal: columns padded to their widest cell, separated by two
 * spaces. By default the first column is left-aligned (names) and the others right-aligned
 * (numbers). Callers that colour whole rows align them with {@link alignRow} and paint the text;
 * callers with a free-text last column give {@link alignRow} widths for the columns before it
 * only, so the last cell is not padded. {@link markdownTable} lays the same cells out as a
 * Markdown pipe table (bench's llama-bench-style table).
 */

/** Which side of a column its cells hug. */
export type ColumnAlign = "left" | "right";

/** How a table is laid out. */
export interface TextTableLayout {
  /** Alignment of column `index` of a `columns`-wide row; default: first left, others right. */
  align?: (index: number, columns: number) => ColumnAlign;
  /** Drop the trailing spaces of each line (default false). */
  trimEnd?: boolean;
  /** What goes between two cells (default two spaces). */
  separator?: string;
}

const firstLeft = (index: number): ColumnAlign => (index === 0 ? "left" : "right");

/** The width of each column: the longest cell in it over all rows. */
export function columnWidths(rows: readonly (readonly string[])[]): number[] {
  const widths: number[] = [];
  for (const row of rows)
    row.forEach((cell, index) => {
      widths[index] = Math.max(widths[index] ?? 0, cell.length);
    });
  return widths;
}

/** One row with its cells padded to `widths` (a cell with no width is left as it is), joined by two spaces. */
export function alignRow(
  cells: readonly string[],
  widths: readonly number[],
  layout: TextTableLayout = {},
): string {
  const align = layout.align ?? firstLeft;
  const line = cells
    .map((cell, index) =>
      align(index, cells.length) === "left"
        ? cell.padEnd(widths[index] ?? 0)
        : cell.padStart(widths[index] ?? 0),
    )
    .join(layout.separator ?? "  ");
  return layout.trimEnd ? line.trimEnd() : line;
}

/** Every row aligned to the widths of all of them, one line each (no trailing newline). */
export function textTable(rows: readonly (readonly string[])[], layout: TextTableLayout = {}): string {
  const widths = columnWidths(rows);
  return rows.map((row) => alignRow(row, widths, layout)).join("\n");
}

/**
 * A Markdown pipe table: a header row, the rule (`---:` under right-aligned columns) and the
 * rows, each column as wide as its widest cell and at least 3, one line each (no trailing newline).
 */
export function markdownTable(
  headers: readonly string[],
  aligns: readonly ColumnAlign[],
  rows: readonly (readonly string[])[],
): string {
  const widths = columnWidths([headers, ...rows]).map((width) => Math.max(width, 3));
  const layout: TextTableLayout = { align: (index) => aligns[index] ?? "left", separator: " | " };
  const line = (cells: readonly string[]) => `| ${alignRow(cells, widths, layout)} |`;
  const rule = widths.map((width, index) =>
    aligns[index] === "right" ? `${"-".repeat(width - 1)}:` : "-".repeat(width),
  );
  return [line(headers), `| ${rule.join(" | ")} |`, ...rows.map(line)].join("\n");
}
