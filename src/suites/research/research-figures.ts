/**
 * The multi-step research figures of a run (`assistant:research`, BrowseComp-Plus is the anchor),
 * from its results' score details (`research`): accuracy (exact answer after normalisation) with a
 * Wilson 95% interval, mean evidence recall (the share of each question's evidence pages fetched),
 * mean search calls, fetches and model steps, and the share of attempts that fetched a hard
 * negative; overall and by hop count. Harness errors count as wrong with no evidence read.
 */

import type { SampleResult } from "../../eval/sample-result.js";
import { wilsonInterval } from "../../stats/wilson.js";

/** The figures of one group of attempts. */
export interface ResearchFigures {
  n: number;
  correct: number;
  accuracy: number;
  ci95: [number, number];
  meanEvidenceRecall: number;
  meanSearches: number;
  meanFetches: number;
  meanSteps: number;
  /** Share of attempts that fetched at least one hard-negative page. */
  negativeFetchRate: number;
}

/** The research summary. */
export interface ResearchSummary {
  overall: ResearchFigures;
  /** Keyed by hop count ("2", "3", "4"). */
  byHops: Record<string, ResearchFigures>;
}

interface Findings {
  hops: number;
  correct: boolean;
  evidenceRecall: number;
  searches: number;
  fetches: number;
  steps: number;
  negativesFetched: number;
}

function findingsOf(result: SampleResult): Findings | undefined {
  if (result.suite !== "assistant:research") return undefined;
  const details = result.scoreDetails as { research?: Partial<Findings> } | null | undefined;
  const found = details?.research;
  if (found !== undefined && typeof found.hops === "number") return found as Findings;
  const hops = Number(result.metadata.hops);
  if (!Number.isInteger(hops)) return undefined;
  // A harness error: no verdict, nothing read.
  return { hops, correct: false, evidenceRecall: 0, searches: 0, fetches: 0, steps: 0, negativesFetched: 0 };
}

function mean(values: readonly number[]): number {
  return values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;
}

function figures(list: readonly Findings[]): ResearchFigures {
  const correct = list.filter((item) => item.correct).length;
  return {
    n: list.length,
    correct,
    accuracy: list.length === 0 ? 0 : correct / list.length,
    ci95: wilsonInterval(correct, list.length),
    meanEvidenceRecall: mean(list.map((item) => item.evidenceRecall)),
    meanSearches: mean(list.map((item) => item.searches)),
    meanFetches: mean(list.map((item) => item.fetches)),
    meanSteps: mean(list.map((item) => item.steps)),
    negativeFetchRate: mean(list.map((item) => (item.negativesFetched > 0 ? 1 : 0))),
  };
}

/** The figures of the research results among `results`; undefined when there are none. */
export function researchSummary(results: readonly SampleResult[]): ResearchSummary | undefined {
  const all = results.flatMap((result) => findingsOf(result) ?? []);
  if (all.length === 0) return undefined;
  const byHops: Record<string, ResearchFigures> = {};
  for (const hops of [...new Set(all.map((item) => item.hops))].sort((a, b) => a - b))
    byHops[String(hops)] = figures(all.filter((item) => item.hops === hops));
  return { overall: figures(all), byHops };
}
