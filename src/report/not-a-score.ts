/**
 * Whether a run's figures on a report page are noise: its model has random weights. The page then
 * shows its scores as "not a score" (src/html/not-a-score.ts: the cells, captions and chart notes).
 */
import type { RunData } from "./run-data.js";

/**
 * True when a run's figures are noise: its model has random weights (summary, run.json's
 * provenance or the stored bench says so). Read tolerantly: a partial run reads as trained.
 */
export function isNoise(run: RunData): boolean {
  const data = run as {
    eval?: { summary?: { randomWeights?: unknown }; record?: { model?: { randomWeights?: unknown } } };
    bench?: { randomWeights?: unknown };
  };
  return (
    data.eval?.summary?.randomWeights === true ||
    data.eval?.record?.model?.randomWeights === true ||
    data.bench?.randomWeights === true
  );
}
