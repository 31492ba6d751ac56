/**
 * The by-language section of report.html: for `assistant:stateful` runs with twins in other
 * languages (docs/multilingual.md), one row per language: accuracy with its Wilson 95% interval,
 * and against English over the paired scenarios, both accuracies, the difference in points, the
 * discordant counts and the exact McNemar p-value (older runs' summary.json files without the
 * block get it computed from their results: src/report/figure-sections.ts). On random weights the accuracies, the difference
 * and the p-value read "—" (noise); counts stay. Absent when the run has no non-English twin.
 */
import { namedNumericColumns, type TableCell, tableHtml } from "../html/html-table.js";
import {
  notAScoreCaption,
  notAScoreCell,
  notAScoreText,
  pairedNoiseCell,
  randomWeightsNotAScore,
} from "../html/not-a-score.js";
import { percent, percentInterval, signedPoints } from "../text/percent.js";
import type { LanguageSummary } from "./language-summary.js";

/** The section's markup for a run's block; `noise`: the run has random weights. */
export function languageSection(summary: LanguageSummary, noise: boolean): string {
  const rows = summary.languages.map((figure): TableCell[] => {
    const pair = figure.paired;
    const paired: TableCell[] =
      pair === undefined
        ? ["-", "-", "-", "-", "-"]
        : pair === null
          ? ["no English twins in this run", "-", "-", "-", "-"]
          : [
              String(pair.pairs),
              noise ? notAScoreCell : `${percent(pair.languageAccuracy)} vs ${percent(pair.englishAccuracy)}`,
              noise ? pairedNoiseCell : signedPoints(pair.difference),
              `${pair.onlyEnglish} / ${pair.onlyLanguage}`,
              noise ? pairedNoiseCell : pair.pValue.toPrecision(2),
            ];
    return [
      figure.language,
      String(figure.samples),
      noise
        ? { text: `${notAScoreText} (${figure.passed}/${figure.n})`, title: randomWeightsNotAScore }
        : `${percent(figure.accuracy)} (${figure.passed}/${figure.n})`,
      noise ? notAScoreCell : percentInterval(figure.ci95),
      ...paired,
    ];
  });
  const caption = noise
    ? `\n${notAScoreCaption("scenarios, pairs and discordant counts are counted as usual; the difference and its p-value are noise too")}`
    : "";
  return `<section id="by-language">
<h2>By language</h2>
${tableHtml({
  id: "by-language-table",
  columns: namedNumericColumns("language", [
    "scenarios",
    "accuracy",
    "95% CI",
    "pairs with English",
    "paired accuracy vs English",
    "difference",
    "discordant: only English / only this language",
    "McNemar p",
  ]),
  rows,
})}${caption}
<p>Each twin is an English scenario translated (turns, the world's text, reference replies) and scored by the same milestones and minefields; the difference is over the pairs in this run, and the exact McNemar test uses only the discordant pairs. A small p says the languages differ on these scenarios; it does not say by how much on other tasks, and with 40 pairs a difference of a few points is within noise. See docs/multilingual.md.</p>
</section>`;
}
