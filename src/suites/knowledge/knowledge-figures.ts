/**
 * Knowledge against tools as the SuiteFigures of `assistant:knowledge` (summary key
 * `knowledgeLookup`, computed in src/suites/knowledge/knowledge-lookup.ts): the terminal lines (per
 * half and overall: accuracy, lookup rate, accuracy when looked up and from memory, Wilson 95%) and
 * the report's knowledge section, runs side by side.
 */

import type { RateFigure } from "../../eval/rate-figure.js";
import type { SuiteFigures } from "../../eval/suite-figures.js";
import { randomWeightsNotAScore } from "../../text/not-a-score.js";
import { percent, percentInterval } from "../../text/percent.js";
import {
  type KnowledgeLookupSummary,
  knowledgeLookupSummary,
  type LookupFigures,
} from "./knowledge-lookup.js";
import { knowledgeSection } from "./knowledge-section.js";

function rateText(figure: RateFigure): string {
  return figure.n === 0
    ? "n/a"
    : `${percent(figure.rate)} ${percentInterval(figure.ci95)} (${figure.count}/${figure.n})`;
}

/** The terminal lines of the figures. */
export function knowledgeLookupLines(summary: KnowledgeLookupSummary): string[] {
  const parts: [string, LookupFigures | undefined][] = [
    ["local (made-up facts)", summary.local],
    ["common knowledge", summary.common],
    ["overall", summary.overall],
  ];
  return [
    "knowledge: accuracy · lookup rate · accuracy when looked up · accuracy from memory (Wilson 95%)",
    ...parts.flatMap(([name, figures]) =>
      figures === undefined
        ? []
        : [
            `  ${name}: ${rateText(figures.accuracy)} · looked up ${rateText(figures.lookupRate)} · with lookup ${rateText(figures.accuracyWithLookup)} · from memory ${rateText(figures.accuracyWithoutLookup)}`,
          ],
    ),
  ];
}

/** Knowledge against tools as a figure of `assistant:knowledge` (summary key `knowledgeLookup`). */
export const knowledgeFigures: SuiteFigures<KnowledgeLookupSummary> = {
  key: "knowledgeLookup",
  summarise: ({ results }) => knowledgeLookupSummary(results),
  terminalLines: (block, view) =>
    view.randomWeights ? [`knowledge: — (${randomWeightsNotAScore})`] : knowledgeLookupLines(block),
  htmlSection: knowledgeSection,
};
