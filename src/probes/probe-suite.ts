/**
 * A probe as an eval suite: one category per step (`tools-20`, `context-8k`), the base requests
 * repeated at every step that is not skipped, scored exactly as the base suite scores them. The
 * version hashes every sample (ids, messages, tool names), so a resumed probe must rebuild the
 * very same requests.
 */

import { canonicalJson } from "../canonical-json.js";
import type { Sample, Score, Scorer, Suite, Transcript } from "../eval/suite.js";
import { sha256Hex } from "../sha256.js";
import { type AssistantTarget, assistantScorer } from "../suites/assistant-suite.js";

/** One step of a probe: its samples, or why it is skipped. */
export interface ProbeStep {
  /** The step's size: a tool count, or tokens of prior conversation. */
  value: number;
  category: string;
  samples: Sample[];
  /** Why the step does not run (beyond the context, not enough distractors, ...); null when it runs. */
  skipped: string | null;
  /** Facts about the step recorded in the summary (measured filler tokens, ...). */
  facts: Record<string, unknown>;
}

/** Scores a probe sample as `base` scores its base request (the base category picks the rules). */
export function probeScorerOf(base: Scorer): Scorer {
  return {
    score(sample: Sample, transcript: Transcript): Score | Promise<Score> {
      const baseCategory = String(sample.metadata.baseCategory ?? sample.category);
      return base.score({ ...sample, category: baseCategory }, transcript);
    },
  };
}

/** Scores a probe sample of assistant:single as its base request would be scored. */
export const probeScorer = probeScorerOf(assistantScorer as Scorer) as Scorer<AssistantTarget>;

/** The suite of the steps that run. */
export function assembleProbeSuite(
  name: string,
  baseVersion: string,
  steps: readonly ProbeStep[],
  baseScorer: Scorer = assistantScorer as Scorer,
): Suite {
  const running = steps.filter((step) => step.skipped === null);
  const samples = running.flatMap((step) => step.samples);
  const fingerprint = sha256Hex(
    canonicalJson({
      baseVersion,
      samples: samples.map((sample) => [sample.id, sample.messages, sample.tools.map((tool) => tool.name)]),
    }),
  );
  return {
    name,
    version: `${name}-v1+sha256:${fingerprint.slice(0, 16)}`,
    categories: running.map((step) => step.category),
    scorer: probeScorerOf(baseScorer),
    samples: () => samples,
  };
}
