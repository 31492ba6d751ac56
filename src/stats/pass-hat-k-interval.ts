/**
 * A 95% interval for pass^k: a percentile bootstrap over samples (each sample's C(c, k) / C(n, k)
 * resampled with replacement, 2,000 times, from a fixed seed, so the same results always give the
 * same interval). Samples are the unit that varies; the attempts of one sample are not independent.
 */
import { binomial, type TrialCounts } from "./pass-hat-k.js";
import { SeededRandom } from "./seeded-random.js";

/** Resamples drawn. */
export const bootstrapResamples = 2000;

/** The bootstrap 95% interval of pass^k over `samples` (`[0, 1]` for none). Throws like passHatK for k above a sample's n. */
export function passHatKInterval(samples: readonly TrialCounts[], k: number, seed = 1): [number, number] {
  if (samples.length === 0) return [0, 1];
  const values = samples.map(({ n, c }) => {
    if (!Number.isInteger(k) || k < 1 || k > n) throw new RangeError(`k=${k} is not within 1..${n}`);
    return binomial(c, k) / binomial(n, k);
  });
  const random = new SeededRandom(seed);
  const means: number[] = [];
  for (let draw = 0; draw < bootstrapResamples; draw += 1) {
    let sum = 0;
    for (let index = 0; index < values.length; index += 1)
      sum += values[Math.floor(random.next() * values.length)] ?? 0;
    means.push(sum / values.length);
  }
  means.sort((a, b) => a - b);
  const at = (fraction: number) =>
    means[Math.min(means.length - 1, Math.floor(fraction * means.length))] ?? 0;
  return [at(0.025), at(0.975)];
}
