import assert from "node:assert/strict";
import { test } from "node:test";
import { pyFloatRepr, pyRepr, pyStrRepr } from "./py-repr.js";
import { pyDict, pyEquals, pyFloat, pyInt, pyList, pyStr, pyTrue } from "./py-value.js";

test("float repr follows Python: shortest digits, .0, exponent outside 1e-4..1e16", () => {
  const cases: Array<[number, string]> = [
    [0.1, "0.1"],
    [100, "100.0"],
    [1e16, "1e+16"],
    [1e15, "1000000000000000.0"],
    [0.0001, "0.0001"],
    [0.00001, "1e-05"],
    [1.2345678901234568e17, "1.2345678901234568e+17"],
    [-2.5e-7, "-2.5e-07"],
    [-0, "-0.0"],
    [0.1 + 0.2, "0.30000000000000004"],
    [Number.POSITIVE_INFINITY, "inf"],
  ];
  for (const [value, expected] of cases) assert.equal(pyFloatRepr(value), expected);
});

test("str repr picks quotes like Python and escapes what is not printable", () => {
  assert.equal(pyStrRepr("abc"), "'abc'");
  assert.equal(pyStrRepr("it's"), '"it\'s"');
  assert.equal(pyStrRepr(`both ' and "`), `'both \\' and "'`);
  assert.equal(pyStrRepr("a\nb\t\\"), "'a\\nb\\t\\\\'");
  assert.equal(pyStrRepr("\u0000\u00a0é"), "'\\x00\\xa0é'");
});

test("containers", () => {
  assert.equal(pyRepr(pyList([pyInt(1), pyFloat(2), pyStr("x"), pyTrue])), "[1, 2.0, 'x', True]");
  assert.equal(pyRepr({ kind: "tuple", items: [pyInt(1)] }), "(1,)");
  assert.equal(pyRepr(pyDict([["k", { kind: "none" }]])), "{'k': None}");
});

test("equality follows Python ==", () => {
  assert.ok(pyEquals(pyInt(1), pyFloat(1)));
  assert.ok(pyEquals(pyInt(1), pyTrue));
  assert.ok(!pyEquals(pyInt(2), pyTrue));
  assert.ok(pyEquals(pyList([pyInt(1)]), pyList([pyFloat(1)])));
  assert.ok(!pyEquals(pyList([pyInt(1)]), { kind: "tuple", items: [pyInt(1)] }));
  assert.ok(
    pyEquals(
      pyDict([
        ["a", pyInt(1)],
        ["b", pyInt(2)],
      ]),
      pyDict([
        ["b", pyInt(2)],
        ["a", pyInt(1)],
      ]),
    ),
  );
  assert.ok(!pyEquals(pyInt(9007199254740993n), pyFloat(9007199254740992)));
  assert.ok(!pyEquals(pyFloat(Number.NaN), pyFloat(Number.NaN)));
  assert.ok(!pyEquals(pyStr("1"), pyInt(1)));
});
