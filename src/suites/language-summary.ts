/**
 * Accuracy by language (the multilingual twins of `assistant:stateful`, docs/multilingual.md): per
 * language, the pass rate with its Wilson 95% interval, and for each language other than English
 * the paired difference against the English scenarios it translates, over the pairs the run holds
 * (the twin and its English scenario, the same repeat): both accuracies over the pairs, the
 * difference in points, the discordant counts (only English passed, only the twin passed) and
 * the exact McNemar p-value on them (the paired comparison every such figure shares,
 * src/stats/paired-comparison.ts; the first condition is English). Read from the results' metadata (`language`, `twin`,
 * `scenario`), so eval needs no suite; augmented copies are left out (they differ in tools).
 * Accuracy is over scored attempts and pairs leave out harness errors (src/eval/scored-accuracy.ts).
 */

import type { SampleResult } from "../eval/sample-result.js";
import { isHarnessError, scoredAccuracy } from "../eval/scored-accuracy.js";
import { countPair, emptyPairedOutcomes, pairedDifference } from "../stats/paired-comparison.js";

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
  const table = emptyPairedOutcomes();
  for (const twin of twins) {
    const original = english.get(`${String(twin.metadata.twin)}\u0000${twin.repeat}`);
    if (original === undefined || isHarnessError(original) || isHarnessError(twin)) continue;
    countPair(table, original.passed, twin.passed);
  }
  const paired = pairedDifference(table);
  if (paired.firstAccuracy === null || paired.secondAccuracy === null || paired.difference === null)
    return null;
  return {
    pairs: paired.n,
    englishAccuracy: paired.firstAccuracy,
    languageAccuracy: paired.secondAccuracy,
    difference: paired.difference,
    onlyEnglish: paired.onlyFirst,
    onlyLanguage: paired.onlySecond,
    pValue: paired.pValue,
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
