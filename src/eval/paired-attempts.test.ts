import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { pairAttempts } from "./paired-attempts.js";
import type { SampleResult } from "./sample-result.js";

function result(id: string, repeat: number, passed: boolean): SampleResult {
  return { id, repeat, passed, error: null } as SampleResult;
}

function harnessError(id: string, repeat: number): SampleResult {
  return { id, repeat, passed: false, error: { code: "backend", message: "refused" } } as SampleResult;
}

describe("pairAttempts", () => {
  it("pairs by sample id and repeat, counts the table and lists discordant pairs in the first run's order", () => {
    const first = [
      result("a", 1, true),
      result("b", 1, false),
      result("c", 1, true),
      result("c", 2, true),
      result("d", 1, false),
      result("only-first", 1, true),
    ];
    const second = [
      result("d", 1, false),
      result("c", 2, false),
      result("c", 1, true),
      result("b", 1, true),
      result("a", 1, true),
      result("only-second", 1, false),
      result("only-second", 2, true),
    ];
    const paired = pairAttempts(first, second);
    assert.deepEqual(
      { ...paired, discordant: undefined },
      {
        n: 5,
        bothPassed: 2,
        onlyFirst: 1,
        onlySecond: 1,
        bothFailed: 1,
        discordant: undefined,
        unpaired: 3,
        harnessErrors: 0,
      },
    );
    assert.deepEqual(
      paired.discordant.map(({ first: a, second: b }) => [a.id, a.repeat, a.passed, b.passed]),
      [
        ["b", 1, false, true],
        ["c", 2, true, false],
      ],
    );
  });

  it("leaves out pairs with a harness error on either side: no model verdict, not a discordant pair", () => {
    const paired = pairAttempts(
      [result("a", 1, true), harnessError("b", 1), result("c", 1, true)],
      [harnessError("a", 1), result("b", 1, true), result("c", 1, false)],
    );
    assert.equal(paired.n, 1);
    assert.equal(paired.harnessErrors, 2);
    assert.equal(paired.onlyFirst, 1);
    assert.equal(paired.onlySecond, 0);
    assert.equal(paired.unpaired, 0);
    assert.deepEqual(
      paired.discordant.map(({ first }) => first.id),
      ["c"],
    );
  });

  it("pairs nothing across different repeats of one sample", () => {
    const paired = pairAttempts([result("a", 1, true)], [result("a", 2, false)]);
    assert.equal(paired.n, 0);
    assert.equal(paired.unpaired, 2);
  });
});
