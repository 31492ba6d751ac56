import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { median, quantile, summarise } from "./statistics.js";

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
