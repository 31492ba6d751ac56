/**
 * Accuracy by language as the SuiteFigures of the suites with language twins (summary key
 * `languages`, computed in src/suites/language-summary.ts): a terminal line per language and the
 * report's by-language section.
 */

import type { SuiteFigures } from "../eval/suite-figures.js";
import { notAScoreText } from "../text/not-a-score.js";
import { percent, percentInterval, signedPoints } from "../text/percent.js";
import { languageSection } from "./language-section.js";
import type { LanguageSummary } from "./language-summary.js";
import { languageSummary } from "./language-summary.js";

/** The block as text lines (terminal summary). */
export function languageLines(summary: LanguageSummary): string[] {
  return summary.languages.map((figure) => {
    const head = `language ${figure.language}: ${percent(figure.accuracy)} ${percentInterval(figure.ci95)} (${figure.passed}/${figure.n})`;
    if (figure.paired === undefined) return head;
    if (figure.paired === null) return `${head} · no English twins in this run`;
    const pair = figure.paired;
    return (
      `${head} · vs English on ${pair.pairs} pair${pair.pairs === 1 ? "" : "s"}: ${percent(pair.languageAccuracy)} vs ${percent(pair.englishAccuracy)}, ` +
      `${signedPoints(pair.difference)} · discordant ${pair.onlyEnglish} only English / ${pair.onlyLanguage} only ${figure.language} · McNemar p=${pair.pValue.toPrecision(2)}`
    );
  });
}

/** Accuracy by language as a figure (summary key `languages`): suites with language twins. */
export const languageFigures: SuiteFigures<LanguageSummary> = {
  key: "languages",
  summarise: ({ results }) => languageSummary(results),
  terminalLines: (block, view) =>
    view.randomWeights
      ? block.languages.map(
          (figure) => `language ${figure.language}: ${notAScoreText} (${figure.passed}/${figure.n})`,
        )
      : languageLines(block),
  htmlSection: ([run]) => (run?.block === undefined ? "" : languageSection(run.block, run.randomWeights)),
};
