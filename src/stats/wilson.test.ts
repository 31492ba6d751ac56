import assert from "node:assert/strict";
import { test } from "node:test";
import { wilsonInterval, z95 } from "./wilson.js";

function close(actual: number, expected: number, tolerance = 5e-7): void {
  assert.ok(Math.abs(actual - expected) <= tolerance, `${actual} is not within ${tolerance} of ${expected}`);
}

// Expected values computed by hand from the Wilson formula
// (center ± half-width, center = (p + z²/2n)/(1 + z²/n), half = z/(1 + z²/n)·sqrt(p(1−p)/n + z²/4n²)).
test("8 of 10 at z = 1.959964", () => {
  const [lower, upper] = wilsonInterval(8, 10);
  close(lower, 0.4901625);
  close(upper, 0.9433178);
});

test("50 of 100 is symmetric around one half", () => {
  const [lower, upper] = wilsonInterval(50, 100);
  close(lower, 0.4038315);
  close(upper, 0.5961685);
  close(lower + upper, 1, 1e-12);
});

test("0 of 10 starts at exactly 0; 10 of 10 ends at exactly 1", () => {
  const [lowerNone, upperNone] = wilsonInterval(0, 10);
  assert.equal(lowerNone, 0);
  close(upperNone, 0.2775328);
  const [lowerAll, upperAll] = wilsonInterval(10, 10);
  close(lowerAll, 0.7224672);
  assert.equal(upperAll, 1);
});

test("1 of 1 and large n", () => {
  const [lower, upper] = wilsonInterval(1, 1);
  close(lower, 0.2065493);
  assert.equal(upper, 1);
  const [lowerBig, upperBig] = wilsonInterval(3000, 3641);
  close(lowerBig, 0.8112388);
  close(upperBig, 0.8359773);
});

test("another z (1.0) narrows the interval", () => {
  const [lower, upper] = wilsonInterval(8, 10, 1);
  close(lower, 0.6490775);
  close(upper, 0.896377);
  const [lower95] = wilsonInterval(8, 10, z95);
  assert.ok(lower > lower95);
});

test("no samples gives [0, 1]; bad counts throw", () => {
  assert.deepEqual(wilsonInterval(0, 0), [0, 1]);
  assert.throws(() => wilsonInterval(3, 2), RangeError);
  assert.throws(() => wilsonInterval(-1, 2), RangeError);
  assert.throws(() => wilsonInterval(1.5, 2), RangeError);
});
