import assert from "node:assert/strict";
import { test } from "node:test";
import { LosslessJsonError, parseLosslessJson } from "./lossless-json.js";
import { pyRepr } from "./py-repr.js";
import { dictGet } from "./py-value.js";

test("3 is an int and 3.0, 3e0 and 3E+0 are floats (JSON.parse merges them)", () => {
  assert.deepEqual(parseLosslessJson("3"), { kind: "int", value: 3n });
  assert.deepEqual(parseLosslessJson("3.0"), { kind: "float", value: 3 });
  assert.deepEqual(parseLosslessJson("3e0"), { kind: "float", value: 3 });
  assert.deepEqual(parseLosslessJson("-3E+0"), { kind: "float", value: -3 });
  assert.equal(pyRepr(parseLosslessJson("[1, 1.0, -0, -0.0, 1e2]")), "[1, 1.0, 0, -0.0, 100.0]");
});

test("big ints stay exact", () => {
  assert.deepEqual(parseLosslessJson("123456789012345678901234567890"), {
    kind: "int",
    value: 123456789012345678901234567890n,
  });
});

test("strings, escapes and surrogate pairs", () => {
  assert.deepEqual(parseLosslessJson('"a\\"b\\\\c\\/d\\n\\u00e9\\ud83d\\ude00"'), {
    kind: "str",
    value: 'a"b\\c/d\né😀',
  });
  assert.deepEqual(parseLosslessJson('"plain"'), { kind: "str", value: "plain" });
});

test("objects keep order; a repeated key overwrites in place, as json.loads does", () => {
  const value = parseLosslessJson('{"b": 1, "a": 2, "b": 3}');
  assert.equal(pyRepr(value), "{'b': 3, 'a': 2}");
  assert.deepEqual(dictGet(value as never, "a"), { kind: "int", value: 2n });
});

test("true, false, null, nested containers and Python's NaN / Infinity", () => {
  assert.equal(
    pyRepr(parseLosslessJson(' {"x": [true, false, null, {}, []]} ')),
    "{'x': [True, False, None, {}, []]}",
  );
  assert.equal(pyRepr(parseLosslessJson("[NaN, Infinity, -Infinity]")), "[nan, inf, -inf]");
});

test("malformed JSON throws with an offset", () => {
  for (const text of [
    "",
    "[1,]",
    '{"a" 1}',
    "[1 2]",
    "01",
    "1.",
    '"a',
    '"tab\there"',
    "{'a': 1}",
    "[1] x",
    "tru",
  ]) {
    assert.throws(() => parseLosslessJson(text), LosslessJsonError, text);
  }
  assert.throws(() => parseLosslessJson("[1, 2,, 3]"), /offset 6/);
});
