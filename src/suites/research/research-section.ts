/**
 * The research section of report.html (`assistant:research`): one row for all questions, then one
 * per hop count, with exact-answer accuracy and its Wilson interval, mean evidence recall, mean
 * searches, fetches and steps, and the share of attempts that fetched a hard negative (runs stored
 * before the summary had the block get it computed from their results: src/report/figure-sections.ts).
 * On random weights accuracy and evidence recall (scores) read "—".
 */
import { namedNumericColumns, type TableCell, tableHtml } from "../../html/html-table.js";
import {
  notAScoreCaption,
  notAScoreCell,
  notAScoreText,
  randomWeightsNotAScore,
} from "../../html/not-a-score.js";
import { percent, percentInterval } from "../../text/percent.js";
import type { ResearchFigures, ResearchSummary } from "./research-figures.js";

function row(label: string, figures: ResearchFigures, noise: boolean): TableCell[] {
  return [
    label,
    String(figures.n),
    noise
      ? { text: `${notAScoreText} (${figures.correct}/${figures.n})`, title: randomWeightsNotAScore }
      : `${percent(figures.accuracy)} ${percentInterval(figures.ci95)}`,
    noise ? notAScoreCell : percent(figures.meanEvidenceRecall),
    figures.meanSearches.toFixed(1),
    figures.meanFetches.toFixed(1),
    figures.meanSteps.toFixed(1),
    percent(figures.negativeFetchRate),
  ];
}

/** The section of a run's block; `noise`: the run has random weights. */
export function researchSection(summary: ResearchSummary, noise: boolean): string {
  const table = tableHtml({
    id: "research-figures",
    columns: namedNumericColumns("questions", [
      "attempts",
      "accuracy",
      "evidence recall",
      "searches",
      "fetches",
      "steps",
      "fetched a hard negative",
    ]),
    rows: [
      row("all", summary.overall, noise),
      ...Object.entries(summary.byHops).map(([hops, figures]) => row(`${hops} hops`, figures, noise)),
    ],
  });
  const caption = noise
    ? `\n${notAScoreCaption("attempts, searches, fetches, steps and hard negatives fetched are measured as usual")}`
    : "";
  return `<section id="research">
<h2>Multi-step research (assistant:research)</h2>
${table}${caption}
<p class="muted">Accuracy: the reply's "Answer:" line equals the gold answer or an alias after normalisation (NFKC, case, punctuation, number forms), Wilson 95% interval. Evidence recall: the share of the question's evidence pages the agent fetched (mean over attempts). Searches, fetches and steps: means per attempt. Hard negatives: namesakes, other editions, look-alike companies.</p>
</section>`;
}
