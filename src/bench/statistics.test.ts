import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { median, medianInterval, quantile, summarise } from "./statistics.js";

describe("summarise", () => {
  it("gives min, median and max of an odd count, whatever the order", () => {
    assert.deepEqual(summarise([24.6, 17.1, 35.0]), { min: 17.1, median: 24.6, max: 35.0 });
  });

  it("takes the mean of the two middle values for an even count", () => {
    assert.deepEqual(summarise([4, 1, 3, 2]), { min: 1, median: 2.5, max: 4 });
  });

  it("handles one value", () => {
    assert.deepEqual(summarise([151]), { min: 151, median: 151, max: 151 });
  });

  it("does not reorder its input", () => {
    const values = [3, 1, 2];
    summarise(values);
    assert.deepEqual(values, [3, 1, 2]);
  });

  it("refuses an empty list and non-finite values", () => {
    assert.throws(() => summarise([]), RangeError);
    assert.throws(() => summarise([1, Number.NaN]), /not a finite number/);
    assert.throws(() => median([Number.POSITIVE_INFINITY]), RangeError);
  });
});

describe("quantile", () => {
  it("interpolates linearly between ranks as numpy does", () => {
    const values = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    assert.equal(quantile(values, 0), 1);
    assert.equal(quantile(values, 1), 10);
    assert.equal(quantile(values, 0.25), 3.25);
    assert.equal(quantile(values, 0.75), 7.75);
    assert.equal(quantile([0.97, 1.01], 0.5), 0.99);
  });

  it("refuses q outside [0, 1]", () => {
    assert.throws(() => quantile([1, 2], 1.5), /q must be within/);
    assert.throws(() => quantile([1, 2], Number.NaN), RangeError);
  });
});

describe("medianInterval", () => {
  it("takes the 2nd and 9th of 10 values, with coverage 1 - 2 * 11/1024", () => {
    // P(B <= 1) for B ~ Bin(10, 1/2) is (1 + 10) / 1024; P(B <= 2) = 56/1024 would leave 89 %.
    const values = [7, 3, 10, 1, 5, 9, 2, 8, 4, 6];
    assert.deepEqual(medianInterval(values), { lower: 2, upper: 9, coverage: 1 - 22 / 1024 });
  });

  it("takes the 6th and 15th of 20 values (P(B <= 5) = 21700 / 2^20)", () => {
    const values = Array.from({ length: 20 }, (_, index) => 20 - index);
    const interval = medianInterval(values)!;
    assert.equal(interval.lower, 6);
    assert.equal(interval.upper, 15);
    assert.ok(Math.abs(interval.coverage - (1 - (2 * 21700) / 2 ** 20)) < 1e-12);
  });

  it("follows the level asked for, and has no interval for too few values", () => {
    // 6 values: the extremes cover 1 - 2/64 = 96.9 %; 5 values: 1 - 2/32 = 93.8 % < 95 %.
    assert.deepEqual(medianInterval([1, 2, 3, 4, 5, 6]), { lower: 1, upper: 6, coverage: 1 - 2 / 64 });
    assert.equal(medianInterval([1, 2, 3, 4, 5]), undefined);
    assert.deepEqual(medianInterval([1, 2, 3, 4, 5], 0.9), { lower: 1, upper: 5, coverage: 1 - 2 / 32 });
    // At 80 % for 10 values: P(B <= 2) = 56/1024 leaves 89.1 %, P(B <= 3) = 176/1024 only 65.6 %.
    assert.deepEqual(medianInterval([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.8), {
      lower: 3,
      upper: 8,
      coverage: 1 - 112 / 1024,
    });
  });

  it("refuses an empty list, a non-finite value and a level outside (0, 1)", () => {
    assert.throws(() => medianInterval([]), /medianInterval: no values/);
    assert.throws(() => medianInterval([1, Number.NaN, 2, 3, 4, 5]), /not a finite number: NaN/);
    assert.throws(() => medianInterval([1, 2, 3, 4, 5, 6], 1), /level must be within \(0, 1\), got 1/);
  });
});
