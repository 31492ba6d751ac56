/**
 * The SuiteFigures seam: what a suite family adds to a run's summary beyond accuracy (BFCL's
 * summary scores, accuracy by language, instruction following, tool faults, knowledge lookup,
 * research, security), as inspect_ai's scorers declare their metrics. A suite lists its figures
 * (`Suite.figures`; the suites of a family share the same objects) and the catalog lists every kind
 * (`SuiteCatalog.figures`, so `report` and `merge` can render a stored summary). eval computes each
 * distinct figure of the run's suites into the summary under its key and asks it for its terminal
 * lines; the report asks it for its section of report.html. eval names no family itself.
 */
import type { EvalSummary, FigureInput } from "./summary.js";

export type { FigureInput } from "./summary.js";

/** What rendering a block may also need. */
export interface FigureView {
  /** The whole summary (the block is `summary[key]`). */
  summary: EvalSummary;
  /** True for a random-weight model: rates are noise, shown as "—" with their counts. */
  randomWeights: boolean;
}

/**
 * One run's block as a report page shows it: the page's run, or a run set beside it (`report
 * --with`, the other models of `compare-quants`, the compare page's B).
 */
export interface FigureOfRun<Block = unknown> {
  /** The run's label on the page (its model file, with the quantisation). */
  label: string;
  /** The run's block; undefined when the run has nothing for this figure. */
  block: Block | undefined;
  /** True for a random-weight model: its scores read "—" with their counts (noise, not a score). */
  randomWeights: boolean;
}

/** One kind of figure. */
export interface SuiteFigures<Block = unknown> {
  /** Its key in summary.json and the `eval --json` document (a stable name: the CLI contract adds, never renames). */
  readonly key: string;
  /** The block over the run's results; undefined when the run has nothing for it. */
  summarise(input: FigureInput): Block | undefined;
  /** Lines printed after the summary table. */
  terminalLines(block: Block, view: FigureView): string[];
  /**
   * Its section of report.html (escaped markup, e.g. from src/html/): `runs[0]` is the page's run;
   * a figure that compares runs (security, knowledge) sets the others beside it, the others show
   * the first only. "" when there is nothing to show. Absent: no section of its own (BFCL's
   * scores, the harmful figures shown within security's).
   */
  htmlSection?(runs: readonly FigureOfRun<Block>[]): string;
}

/** The figures of `lists` (e.g. each suite's), first one of each key kept, in order. */
export function distinctFigures(lists: readonly (readonly SuiteFigures[] | undefined)[]): SuiteFigures[] {
  const seen = new Map<string, SuiteFigures>();
  for (const list of lists)
    for (const figure of list ?? []) if (!seen.has(figure.key)) seen.set(figure.key, figure);
  return [...seen.values()];
}

/** The terminal lines of every figure whose block the summary holds, in the figures' order. */
export function figureLines(summary: EvalSummary, figures: readonly SuiteFigures[]): string[] {
  const view: FigureView = { summary, randomWeights: summary.randomWeights };
  return figures.flatMap((figure) => {
    const block = summary[figure.key];
    return block === undefined ? [] : figure.terminalLines(block, view);
  });
}
