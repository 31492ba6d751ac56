/**
 * The research section of report.html (`assistant:research`): one row for all questions, then one
 * per hop count, with exact-answer accuracy and its Wilson interval, mean evidence recall, mean
 * searches, fetches and steps, and the share of attempts that fetched a hard negative. The figures
 * are recomputed from the results, so runs stored before the summary had them show it too.
 * On random weights accuracy and evidence recall (scores) read "—". Absent when the run has no
 * research results.
 */
import { type ResearchFigures, researchSummary } from "../suites/research/research-figures.js";
import { percent, percentInterval } from "../text/percent.js";
import { namedNumericColumns, type TableCell, tableHtml } from "./html-table.js";
import {
  isNoise,
  notAScoreCaption,
  notAScoreCell,
  notAScoreText,
  randomWeightsNotAScore,
} from "./not-a-score.js";
import type { RunData } from "./run-data.js";

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

/** The section for `run`, or "" when it has no research results. */
export function researchSection(run: RunData): string {
  const summary = researchSummary(run.eval?.results ?? []);
  if (summary === undefined) return "";
  const noise = isNoise(run);
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
