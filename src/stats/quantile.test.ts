import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { medianOrNull, percentiles, sortedQuantile } from "./quantile.js";

describe("quantiles", () => {
  it("interpolate linearly between closest ranks, like numpy", () => {
    assert.equal(sortedQuantile([1, 2, 3, 4], 0.5), 2.5);
    assert.ok(Math.abs(sortedQuantile([10, 20, 30, 40, 50], 0.9) - 46) < 1e-9);
    assert.ok(Number.isNaN(sortedQuantile([], 0.5)));
  });

  it("sort their input and answer null for no values", () => {
    assert.equal(medianOrNull([3, 1, 2]), 2);
    assert.equal(medianOrNull([]), null);
    assert.deepEqual(percentiles([5, 1]), { p50: 3, p90: 4.6, n: 2 });
    assert.equal(percentiles([]), null);
  });
});
