import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { binomial, passAt1, passAtK, passHatK } from "./pass-hat-k.js";

describe("binomial", () => {
  it("matches hand-computed values", () => {
    assert.equal(binomial(5, 2), 10);
    assert.equal(binomial(4, 4), 1);
    assert.equal(binomial(4, 0), 1);
    assert.equal(binomial(3, 4), 0);
    assert.equal(binomial(10, 3), 120);
    assert.equal(binomial(52, 5), 2598960);
  });
});

describe("pass^k and pass@k", () => {
  // Three samples run 4 times: 4/4, 2/4 and 0/4 passes.
  const samples = [
    { n: 4, c: 4 },
    { n: 4, c: 2 },
    { n: 4, c: 0 },
  ];

  it("pass@1 is the mean pass rate", () => {
    assert.equal(passAt1(samples), (1 + 0.5 + 0) / 3);
  });

  it("pass^k is the mean of C(c,k)/C(n,k)", () => {
    // k=2: (6/6 + 1/6 + 0) / 3 = 7/18.
    assert.ok(Math.abs(passHatK(samples, 2) - 7 / 18) < 1e-12);
    // k=3: (4/4 + 0/4 + 0) / 3 = 1/3.
    assert.ok(Math.abs(passHatK(samples, 3) - 1 / 3) < 1e-12);
    // k=1 equals pass@1.
    assert.equal(passHatK(samples, 1), passAt1(samples));
    // k=n: only samples that always pass count.
    assert.ok(Math.abs(passHatK(samples, 4) - 1 / 3) < 1e-12);
  });

  it("pass^k never rises with k, pass@k never falls", () => {
    const uneven = [
      { n: 5, c: 3 },
      { n: 5, c: 1 },
    ];
    // Hand-computed: pass^2 = (3/10 + 0/10) / 2 = 0.15; pass@2 = (1 - 1/10 + 1 - 6/10) / 2 = 0.65.
    assert.ok(Math.abs(passHatK(uneven, 2) - 0.15) < 1e-12);
    assert.ok(Math.abs(passAtK(uneven, 2) - 0.65) < 1e-12);
    for (let k = 1; k < 5; k += 1) {
      assert.ok(passHatK(uneven, k + 1) <= passHatK(uneven, k));
      assert.ok(passAtK(uneven, k + 1) >= passAtK(uneven, k));
    }
  });

  it("rejects impossible counts and k beyond the attempts", () => {
    assert.throws(() => passHatK([{ n: 2, c: 3 }], 1), RangeError);
    assert.throws(() => passHatK([{ n: 2, c: 1 }], 3), /more than a sample's 2 attempts/);
    assert.throws(() => passHatK([{ n: 2, c: 1 }], 0), RangeError);
    assert.equal(passHatK([], 2), 0);
  });
});
