import assert from "node:assert/strict";
import { test } from "node:test";
import { mcnemarExact } from "./mcnemar.js";

function close(actual: number, expected: number, relative = 1e-9): void {
  assert.ok(
    Math.abs(actual - expected) <= relative * Math.max(Math.abs(expected), 1e-300),
    `${actual} is not within ${relative} (relative) of ${expected}`,
  );
}

// Expected values by hand: p = min(1, 2 · Σ_{i ≤ min(b, c)} C(b + c, i) / 2^(b + c)).
test("small tables match the binomial sums written out", () => {
  // n = 6: (C(6,0) + C(6,1)) / 64 = 7/64, doubled.
  close(mcnemarExact(1, 5).pValue, 14 / 64);
  close(mcnemarExact(5, 1).pValue, 14 / 64);
  // n = 5, all one way: 2 / 32.
  close(mcnemarExact(0, 5).pValue, 2 / 32);
  // n = 10: (1 + 10 + 45) / 1024, doubled.
  close(mcnemarExact(2, 8).pValue, 112 / 1024);
  assert.equal(mcnemarExact(2, 8).discordant, 10);
});

test("larger tables (exact fractions computed separately)", () => {
  close(mcnemarExact(10, 30).pValue, 0.0022214337732293643);
  close(mcnemarExact(45, 60).pValue, 0.17156469715424208);
  close(mcnemarExact(0, 20).pValue, 1.9073486328125e-6);
  close(mcnemarExact(130, 100).pValue, 0.055613577781392386);
});

test("balanced or empty tables give p = 1", () => {
  assert.deepEqual(mcnemarExact(0, 0), { pValue: 1, discordant: 0 });
  assert.equal(mcnemarExact(3, 3).pValue, 1);
  assert.equal(mcnemarExact(1, 2).pValue, 1);
});

test("both summation paths (direct up to 1000 pairs, log space beyond) match exact fractions", () => {
  close(mcnemarExact(480, 520).pValue, 0.21744829320414094);
  close(mcnemarExact(700, 900).pValue, 6.319484959450139e-7);
});

test("very many discordant pairs stay finite and tiny, not NaN", () => {
  const { pValue, discordant } = mcnemarExact(4000, 6000);
  assert.equal(discordant, 10000);
  close(pValue, 1.7404316412268784e-89);
  assert.ok(mcnemarExact(5000, 5001).pValue > 0.99);
});

test("bad counts throw", () => {
  assert.throws(() => mcnemarExact(-1, 2), RangeError);
  assert.throws(() => mcnemarExact(1.5, 2), RangeError);
});
