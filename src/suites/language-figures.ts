/**
 * Accuracy by language (the multilingual twins of `assistant:stateful`, docs/multilingual.md): per
 * language, the pass rate with its Wilson 95% interval, and for each language other than English
 * the paired difference against the English scenarios it translates, over the pairs the run holds
 * (the twin and its English scenario, the same repeat): both accuracies over the pairs, the
 * difference in points, the discordant counts (only English passed, only the twin passed) and
 * the exact McNemar p-value on them. Read from the results' metadata (`language`, `twin`,
 * `scenario`), so eval needs no suite; augmented copies are left out (they differ in tools).
 * Accuracy is over scored attempts and pairs leave out harness errors (src/eval/scored-accuracy.ts).
 */

import type { SampleResult } from "../eval/sample-result.js";
import { isHarnessError, scoredAccuracy } from "../eval/scored-accuracy.js";
import type { SuiteFigures } from "../eval/suite-figures.js";
import { mcnemarExact } from "../stats/mcnemar.js";
import { percent, percentInterval, signedPoints } from "../text/percent.js";

/** The paired comparison of a language with English. */
export interface LanguagePairing {
  /** Pairs (twin attempt, English attempt of the same scenario and repeat) in the run. */
  pairs: number;
  englishAccuracy: number;
  languageAccuracy: number;
  /** languageAccuracy − englishAccuracy (a share; negative: worse than English). */
  difference: number;
  /** Pairs where only the English scenario passed. */
  onlyEnglish: number;
  /** Pairs where only the twin passed. */
  onlyLanguage: number;
  /** Exact two-sided McNemar p-value on the discordant pairs (1 when there are none). */
  pValue: number;
}

/** One language's figures. */
export interface LanguageFigure {
  language: string;
  /** Attempts finished, harness errors included. */
  n: number;
  /** Attempts with a model verdict: what `accuracy` is over. */
  scored: number;
  harnessErrors: number;
  passed: number;
  accuracy: number;
  ci95: [number, number];
  /** Distinct scenarios. */
  samples: number;
  /** Against English; absent for English, and null when the run holds no English twin of it. */
  paired?: LanguagePairing | null;
}

/** The by-language block of the summary. */
export interface LanguageSummary {
  languages: LanguageFigure[];
}

function languageOf(result: SampleResult): string | undefined {
  const language = result.metadata.language;
  return typeof language === "string" && result.metadata.augmentation === undefined ? language : undefined;
}

function pairing(
  twins: readonly SampleResult[],
  english: ReadonlyMap<string, SampleResult>,
): LanguagePairing | null {
  let pairs = 0;
  let englishPassed = 0;
  let languagePassed = 0;
  let onlyEnglish = 0;
  let onlyLanguage = 0;
  for (const twin of twins) {
    const original = english.get(`${String(twin.metadata.twin)}\u0000${twin.repeat}`);
    if (original === undefined || isHarnessError(original) || isHarnessError(twin)) continue;
    pairs += 1;
    if (original.passed) englishPassed += 1;
    if (twin.passed) languagePassed += 1;
    if (original.passed && !twin.passed) onlyEnglish += 1;
    if (twin.passed && !original.passed) onlyLanguage += 1;
  }
  if (pairs === 0) return null;
  return {
    pairs,
    englishAccuracy: englishPassed / pairs,
    languageAccuracy: languagePassed / pairs,
    difference: (languagePassed - englishPassed) / pairs,
    onlyEnglish,
    onlyLanguage,
    pValue: mcnemarExact(onlyEnglish, onlyLanguage).pValue,
  };
}

/** The block, languages in first-seen order with English first; undefined unless a language besides English ran. */
export function languageSummary(results: readonly SampleResult[]): LanguageSummary | undefined {
  const groups = new Map<string, SampleResult[]>();
  for (const result of results) {
    const language = languageOf(result);
    if (language === undefined) continue;
    const list = groups.get(language) ?? [];
    list.push(result);
    groups.set(language, list);
  }
  if (![...groups.keys()].some((language) => language !== "en")) return undefined;
  const english = new Map<string, SampleResult>();
  for (const result of groups.get("en") ?? [])
    english.set(`${String(result.metadata.scenario ?? result.id)}\u0000${result.repeat}`, result);
  const order = [...groups.keys()].sort((a, b) => (a === "en" ? -1 : b === "en" ? 1 : 0));
  return {
    languages: order.map((language) => {
      const list = groups.get(language) ?? [];
      return {
        language,
        ...scoredAccuracy(list),
        samples: new Set(list.map((result) => result.id)).size,
        ...(language === "en" ? {} : { paired: pairing(list, english) }),
      };
    }),
  };
}

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
      ? block.languages.map((figure) => `language ${figure.language}: — (${figure.passed}/${figure.n})`)
      : languageLines(block),
};
