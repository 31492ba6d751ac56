/**
 * The research figures as terminal lines (after the summary table of `eval` and `report`): overall
 * accuracy with its interval, mean evidence recall, searches and steps, the hard-negative fetch
 * rate, then one line per hop count; and the SuiteFigures of `assistant:research` (with the
 * report's research section).
 */

import type { SuiteFigures } from "../../eval/suite-figures.js";
import { randomWeightsNotAScore } from "../../text/not-a-score.js";
import { percent, percentInterval } from "../../text/percent.js";
import type { ResearchFigures, ResearchSummary } from "./research-figures.js";
import { researchSummary } from "./research-figures.js";
import { researchSection } from "./research-section.js";

function figureText(figures: ResearchFigures): string {
  return (
    `accuracy ${percent(figures.accuracy)} ${percentInterval(figures.ci95)} (${figures.correct}/${figures.n}) · ` +
    `evidence recall ${percent(figures.meanEvidenceRecall)} · searches ${figures.meanSearches.toFixed(1)} · ` +
    `fetches ${figures.meanFetches.toFixed(1)} · steps ${figures.meanSteps.toFixed(1)} · ` +
    `fetched a hard negative ${percent(figures.negativeFetchRate)}`
  );
}

/** The lines. */
export function researchLines(summary: ResearchSummary): string[] {
  return [
    `research: ${figureText(summary.overall)}`,
    ...Object.entries(summary.byHops).map(([hops, figures]) => `  ${hops} hops: ${figureText(figures)}`),
  ];
}

/** Multi-step research as a figure of `assistant:research` (summary key `research`). */
export const researchFigures: SuiteFigures<ResearchSummary> = {
  key: "research",
  summarise: ({ results }) => researchSummary(results),
  terminalLines: (block, view) =>
    view.randomWeights ? [`research: — (${randomWeightsNotAScore})`] : researchLines(block),
  htmlSection: ([run]) => (run?.block === undefined ? "" : researchSection(run.block, run.randomWeights)),
};
