/**
 * The plan of a run: which (sample, repeat) pairs it consists of, in a fixed order. Suites are
 * taken in the order `--suite` named them, samples in each suite's own order, and `--limit N`
 * keeps the first N samples of each suite, so the same flags always plan the same work (and two
 * models run with the same flags answer the same samples). Each sample is repeated `repeats`
 * times; repeat r is sampled with seed `seed + r`.
 */
import { EdgecallError } from "../errors.js";
import type { Sample, Suite } from "./suite.js";

/** One unit of work: a sample, its repeat index and its position in the plan. */
export interface WorkItem {
  ordinal: number;
  repeat: number;
  sample: Sample;
  suite: Suite;
}

/** Options that shape the plan. */
export interface PlanOptions {
  /** Most samples per suite. */
  limit?: number;
  /** Times each sample runs (default 1). */
  repeats?: number;
}

async function collect(suite: Suite, limit: number | undefined): Promise<Sample[]> {
  const produced = suite.samples();
  const samples: Sample[] = [];
  if (Array.isArray(produced) || produced instanceof Promise) {
    const list = await produced;
    return limit === undefined ? list : list.slice(0, limit);
  }
  for await (const sample of produced) {
    if (limit !== undefined && samples.length >= limit) break;
    samples.push(sample);
  }
  return samples;
}

/** Builds the plan. Throws `invalid-argument` when two samples share an id. */
export async function planRun(suites: readonly Suite[], options: PlanOptions): Promise<WorkItem[]> {
  const repeats = options.repeats ?? 1;
  const items: WorkItem[] = [];
  const seen = new Map<string, string>();
  let ordinal = 0;
  for (const suite of suites) {
    for (const sample of await collect(suite, options.limit)) {
      const previous = seen.get(sample.id);
      if (previous !== undefined) {
        throw new EdgecallError(
          "invalid-argument",
          `sample id "${sample.id}" appears twice (in ${previous} and ${suite.name}); sample ids must be unique in a run`,
          { subject: sample.id },
        );
      }
      seen.set(sample.id, suite.name);
      for (let repeat = 0; repeat < repeats; repeat += 1) items.push({ ordinal, repeat, sample, suite });
      ordinal += 1;
    }
  }
  return items;
}
