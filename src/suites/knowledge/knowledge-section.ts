/**
 * The knowledge section of report.html (`assistant:knowledge`): for each run (the run, then the
 * runs given with `report --with`), one row per half (made-up local facts, common knowledge) and
 * overall: accuracy, lookup rate, accuracy when the answer was looked up and when it came from
 * memory, with Wilson 95% intervals (older summary files without the block get it computed from
 * their results: src/report/figure-sections.ts). On random weights the accuracies read "—" with their counts (the lookup rate is
 * behaviour, not a score, and stays). Absent when no run has knowledge samples.
 */
import type { FigureOfRun } from "../../eval/suite-figures.js";
import { namedNumericColumns, tableHtml } from "../../html/html-table.js";
import { notAScoreCaption } from "../../html/not-a-score.js";
import { rateCell, scoreCell } from "../../html/rate-cell.js";
import type { KnowledgeLookupSummary, LookupFigures } from "./knowledge-lookup.js";

/** The section for `runs`, or "" when none has knowledge results. */
export function knowledgeSection(runs: readonly FigureOfRun<KnowledgeLookupSummary>[]): string {
  const figures = runs.map((run) => run.block);
  if (figures.every((item) => item === undefined)) return "";
  const halves: [string, (summary: KnowledgeLookupSummary) => LookupFigures | undefined][] = [
    ["local (made-up facts)", (summary) => summary.local],
    ["common knowledge", (summary) => summary.common],
    ["overall", (summary) => summary.overall],
  ];
  const noise = runs.map((run) => run.randomWeights);
  const rows = figures.flatMap((summary, index) =>
    summary === undefined
      ? []
      : halves.flatMap(([half, pick]) => {
          const item = pick(summary);
          const random = noise[index] === true;
          return item === undefined
            ? []
            : [
                [
                  `${runs[index]?.label ?? `run ${index + 1}`}: ${half}`,
                  String(item.attempts),
                  scoreCell(item.accuracy, random),
                  rateCell(item.lookupRate),
                  scoreCell(item.accuracyWithLookup, random),
                  scoreCell(item.accuracyWithoutLookup, random),
                ],
              ];
        }),
  );
  const randomWeights = figures.some((item, index) => item !== undefined && noise[index] === true);
  return `<section id="knowledge">
<h2>Knowledge against tools (assistant:knowledge)</h2>
${tableHtml({
  id: "knowledge-lookup",
  columns: namedNumericColumns("run / half", [
    "attempts",
    "accuracy",
    "looked up",
    "accuracy when looked up",
    "accuracy from memory",
  ]),
  rows,
})}
${randomWeights ? `${notAScoreCaption("attempts and the lookup rate are measured as usual")}\n` : ""}<p class="muted">Looked up: a web_search or web_fetch result held the answer; otherwise the answer came from memory. Local facts are made up: a correct answer from memory there is leakage or a guess. Wilson 95% intervals.</p>
</section>`;
}
