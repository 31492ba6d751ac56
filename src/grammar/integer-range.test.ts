import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  integerPatternsToGbnf,
  integerPatternsToRegExpSource,
  integerRangePatterns,
} from "./integer-range.js";

function matcher(minimum: bigint | undefined, maximum: bigint | undefined, maxDigits?: number): RegExp {
  return new RegExp(`^${integerPatternsToRegExpSource(integerRangePatterns(minimum, maximum, maxDigits))}$`);
}

const interestingBounds = [
  -1000, -999, -250, -101, -100, -99, -57, -11, -10, -9, -1, 0, 1, 2, 9, 10, 11, 19, 20, 50, 99, 100, 101,
  199, 200, 999, 1000, 1234,
];

describe("integerRangePatterns", () => {
  it("matches exactly the integers of every range between interesting bounds", () => {
    for (const low of interestingBounds) {
      for (const high of interestingBounds) {
        if (high < low) continue;
        const regExp = matcher(BigInt(low), BigInt(high));
        for (let value = low - 30; value <= high + 30; value++) {
          // Wide ranges: check the edges densely and the middle sparsely.
          if (value > low + 300 && value < high - 300 && value % 37 !== 0) continue;
          const inside = value >= low && value <= high;
          assert.equal(regExp.test(String(value)), inside, `${value} in [${low}, ${high}]`);
        }
      }
    }
  });

  it("matches exactly the integers of every small range", () => {
    for (let low = -65; low <= 65; low++) {
      for (let high = low; high <= 65; high++) {
        const regExp = matcher(BigInt(low), BigInt(high));
        for (let value = -70; value <= 70; value++) {
          assert.equal(
            regExp.test(String(value)),
            value >= low && value <= high,
            `${value} in [${low}, ${high}]`,
          );
        }
      }
    }
  });

  it("rejects non-canonical spellings", () => {
    const regExp = matcher(-50n, 50n);
    for (const text of ["01", "00", "-0", "+1", "1.0", "", "-", "1e1", " 1", "--1", "0x1"]) {
      assert.equal(regExp.test(text), false, text);
    }
    assert.equal(matcher(0n, 0n).test("0"), true);
    assert.equal(matcher(0n, 0n).test("-0"), false);
  });

  it("handles open bounds with the digit cap", () => {
    const atLeastFive = matcher(5n, undefined, 4);
    assert.equal(atLeastFive.test("4"), false);
    assert.equal(atLeastFive.test("5"), true);
    assert.equal(atLeastFive.test("9999"), true);
    assert.equal(atLeastFive.test("10000"), false);
    assert.equal(atLeastFive.test("-1"), false);
    const atMostMinusThree = matcher(undefined, -3n, 3);
    assert.equal(atMostMinusThree.test("-3"), true);
    assert.equal(atMostMinusThree.test("-2"), false);
    assert.equal(atMostMinusThree.test("-999"), true);
    assert.equal(atMostMinusThree.test("0"), false);
    const any = matcher(undefined, undefined, 2);
    for (let value = -99; value <= 99; value++) assert.equal(any.test(String(value)), true);
    assert.equal(any.test("100"), false);
  });

  it("handles bounds beyond 2^53", () => {
    const low = 9007199254740990n;
    const high = 9007199254741100n;
    const regExp = matcher(low, high);
    for (let value = low - 20n; value <= high + 20n; value++) {
      assert.equal(regExp.test(value.toString()), value >= low && value <= high);
    }
  });

  it("returns no patterns for an empty range", () => {
    assert.deepEqual(integerRangePatterns(5n, 4n), []);
    assert.throws(() => integerPatternsToGbnf([]));
  });

  it("renders compact GBNF", () => {
    assert.equal(integerPatternsToGbnf(integerRangePatterns(1n, 50n)), '([1-9] | [1-4] [0-9] | "50")');
    assert.equal(integerPatternsToGbnf(integerRangePatterns(-5n, -5n)), '("-" "5")');
    assert.equal(
      integerPatternsToGbnf(integerRangePatterns(0n, 999n)),
      "([0-9] | [1-9] [0-9] | [1-9] [0-9]{2})",
    );
  });
});
