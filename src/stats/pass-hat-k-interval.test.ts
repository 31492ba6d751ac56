import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { passHatK } from "./pass-hat-k.js";
import { passHatKInterval } from "./pass-hat-k-interval.js";

describe("passHatKInterval", () => {
  it("holds the estimate, is deterministic, and collapses when every sample agrees", () => {
    const samples = [
      { n: 4, c: 4 },
      { n: 4, c: 2 },
      { n: 4, c: 0 },
      { n: 4, c: 3 },
      { n: 4, c: 1 },
    ];
    for (const k of [1, 2, 3, 4]) {
      const [low, high] = passHatKInterval(samples, k);
      const estimate = passHatK(samples, k);
      assert.ok(low <= estimate && estimate <= high, `k=${k}: ${low} <= ${estimate} <= ${high}`);
      assert.ok(low >= 0 && high <= 1 && low < high);
      assert.deepEqual(passHatKInterval(samples, k), [low, high]);
    }
    assert.deepEqual(
      passHatKInterval(
        [
          { n: 2, c: 2 },
          { n: 2, c: 2 },
        ],
        2,
      ),
      [1, 1],
    );
    assert.deepEqual(passHatKInterval([], 1), [0, 1]);
    assert.throws(() => passHatKInterval([{ n: 2, c: 1 }], 3), RangeError);
  });
});
