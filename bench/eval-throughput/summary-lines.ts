/** The terminal summary of bench/eval-throughput.ts (without --json): a line per workload. */

import { countNoun } from "../../src/text/count-noun.js";
import type { WorkloadResult } from "./arm-run.js";

/** What the summary's heading names. */
export interface SummaryHeading {
  shape: string;
  quant: string;
  threads: number;
  rounds: number;
  flashAttention: string;
}

/** The lines to print. */
export function summaryLines(
  heading: SummaryHeading,
  results: readonly WorkloadResult[],
  decodeBySequences: readonly { sequences: number; decodeTokensPerSecond: number }[] = [],
): string[] {
  const lines = [
    `eval throughput: ${heading.shape} ${heading.quant}, ${countNoun(heading.threads, "thread")}, flash attention ` +
      `${heading.flashAttention}, RANDOM WEIGHTS (speed only), ${heading.rounds} rounds`,
  ];
  for (const result of results) {
    const server =
      result.llamaServerMs === undefined
        ? ""
        : ` · llama-server ${(result.llamaServerMs / 1000).toFixed(1)} s (${result.llamaServerRatio}x edgecall's time)`;
    const later =
      result.laterLaunchMs === undefined
        ? ""
        : ` · later launch ${(result.laterLaunchMs / 1000).toFixed(1)} s (${result.laterLaunchEvaluatedTokens} evaluated` +
          `${result.llamaServerRatioLaterLaunch === undefined ? "" : `; llama-server ${result.llamaServerRatioLaterLaunch}x its time`})`;
    // vs-llama-server has no naive arm (NaN in the JSON, null once serialised).
    const naivePart = Number.isFinite(result.naiveMs)
      ? `naive ${(result.naiveMs / 1000).toFixed(1)} s · ${result.speedup}x`
      : "no naive arm";
    const cold = result.coldPromptTokensPerSecond;
    const coldLine =
      cold === undefined
        ? ""
        : ` · cold prompt ${cold.edgecall ?? "?"} tok/s (llama-server ${cold.llamaServer ?? "?"})`;
    lines.push(
      `${result.name}: ${naivePart} · reuse ${(result.reuseMs / 1000).toFixed(1)} s · ` +
        `evaluated ${result.evaluatedTokens} of ${result.promptTokens} prompt tokens · ` +
        `same outputs: ${result.sameOutputs ?? "not compared"}${server}${coldLine}${later}`,
    );
  }
  for (const row of decodeBySequences)
    lines.push(`decode with ${row.sequences} sequence(s): ${row.decodeTokensPerSecond} tok/s in total`);
  return lines;
}
