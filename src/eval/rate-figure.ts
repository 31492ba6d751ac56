/** A rate with its count and Wilson 95% interval, as the summary's figures report them. */
import { wilsonInterval } from "../stats/wilson.js";

/** A rate with its interval. */
export interface RateFigure {
  n: number;
  count: number;
  rate: number;
  ci95: [number, number];
}

/** `count` of `n` as a figure (rate 0 when `n` is 0). */
export function rateFigure(count: number, n: number): RateFigure {
  return { n, count, rate: n === 0 ? 0 : count / n, ci95: wilsonInterval(count, n) };
}
