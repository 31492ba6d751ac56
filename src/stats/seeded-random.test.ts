/**
 * The one seeded generator is mulberry32 and stays so: the stored fixtures (BFCL conformance
 * cases, the policy databases, the web corpus), bench prompts, probe shuffles and the pass^k
 * bootstrap were all drawn from it, so its sequence for a seed must never change.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { SeededRandom } from "./seeded-random.js";

function firstWords(seed: number, count: number): number[] {
  const random = new SeededRandom(seed);
  return Array.from({ length: count }, () => Math.floor(random.next() * 2 ** 32));
}

describe("SeededRandom", () => {
  it("draws the mulberry32 sequence of a seed", () => {
    assert.deepEqual(firstWords(1, 3), [2693262067, 11749833, 2265367787]);
    assert.deepEqual(firstWords(18, 3), [1710092718, 2591577567, 2260338278]);
    assert.deepEqual(firstWords(37, 3), [2217538695, 4282476566, 113004499]);
  });

  it("takes the seed as an unsigned 32-bit integer", () => {
    assert.deepEqual(firstWords(-1, 2), firstWords(2 ** 32 - 1, 2));
    assert.deepEqual(firstWords(2 ** 32 + 5, 2), firstWords(5, 2));
  });

  it("draws whole numbers within bounds and distinct samples", () => {
    const random = new SeededRandom(7);
    for (let draw = 0; draw < 200; draw += 1) {
      const value = random.int(3, 5);
      assert.ok(value >= 3 && value <= 5 && Number.isInteger(value));
    }
    const sample = random.sample([1, 2, 3, 4, 5, 6], 4);
    assert.equal(new Set(sample).size, 4);
    assert.equal(random.digits(6).length, 6);
  });
});
