/**
 * The suites' own sections of a report page: each figure (src/eval/suite-figures.ts) is asked for
 * its section with its block of every run on the page (the page's run first, then the runs set
 * beside it), labelled, with whether each run's scores are noise. A run's block is the one its
 * summary holds under the figure's key; a summary written before that block existed (or one
 * recomputed without figures) gets it computed from the run's results, so older runs show it too.
 */
import type { FigureOfRun, SuiteFigures } from "../eval/suite-figures.js";
import { isNoise } from "./not-a-score.js";
import type { RunData } from "./run-data.js";

/** A run's block of `figure`: from its summary, else from its results; undefined when it has none. */
export function figureBlockOf(figure: SuiteFigures, run: RunData): unknown {
  if (run.eval === undefined) return undefined;
  const { summary, results, record } = run.eval;
  const stored = summary[figure.key];
  if (stored !== undefined && stored !== null) return stored;
  return figure.summarise({
    results,
    categories: summary.categories,
    repeats: summary.repeats ?? 1,
    settings: { ...record.settings },
  });
}

/** `figure`'s section for `runs` (labels in the same order); "" when it has none or nothing to show. */
export function figureSection(
  figure: SuiteFigures,
  runs: readonly RunData[],
  labels: readonly string[],
): string {
  if (figure.htmlSection === undefined) return "";
  const views: FigureOfRun[] = runs.map((run, index) => ({
    label: labels[index] ?? `run ${index + 1}`,
    block: figureBlockOf(figure, run),
    randomWeights: isNoise(run),
  }));
  return figure.htmlSection(views);
}

/** The sections of every figure, in the figures' order, the empty ones left out. */
export function figureSections(
  figures: readonly SuiteFigures[],
  runs: readonly RunData[],
  labels: readonly string[],
): string[] {
  return figures.map((figure) => figureSection(figure, runs, labels)).filter((part) => part !== "");
}
