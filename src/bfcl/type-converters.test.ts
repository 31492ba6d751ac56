/** BFCL's Java and JavaScript literal converters, including their quirks (each noted). */
import assert from "node:assert/strict";
import { test } from "node:test";
import { CheckerCrash } from "./checker-crash.js";
import { javaTypeConverter } from "./java-type-converter.js";
import { jsTypeConverter } from "./js-type-converter.js";
import { pyRepr } from "./py-repr.js";

const java = (value: string, type: string, nested?: string): string =>
  pyRepr(javaTypeConverter(value, type, nested));
const js = (value: string, type: string, nested?: string): string =>
  pyRepr(jsTypeConverter(value, type, nested));

test("Java scalars: ints, longs with L, floats with f, doubles, booleans; others stay strings", () => {
  assert.equal(java("-123", "integer"), "-123");
  assert.equal(java("127", "byte"), "127");
  assert.equal(java("123L", "long"), "123");
  assert.equal(java("9223372036854775807L", "long"), "9223372036854775807");
  assert.equal(java("123", "long"), "'123'");
  assert.equal(java("3.14f", "float"), "3.14");
  assert.equal(java("3e3F", "float"), "3000.0");
  assert.equal(java("3.14", "float"), "'3.14'");
  assert.equal(java("3.14e-2", "double"), "0.0314");
  assert.equal(java("3.14f", "double"), "'3.14f'");
  assert.equal(java("true", "boolean"), "True");
  assert.equal(java("True", "boolean"), "'True'");
  assert.equal(java("1.5", "integer"), "'1.5'");
  assert.equal(java("123", "any"), "'123'");
  // The official char pattern can never match, so a char literal is kept as written.
  assert.equal(java("'a'", "char"), "\"'a'\"");
});

test("Java collections: arrays, ArrayList (asList and add forms), HashMap", () => {
  assert.equal(java("new int[]{1, 2, 3}", "Array", "integer"), "[1, 2, 3]");
  assert.equal(java("new int[] { }", "Array"), "[]");
  assert.equal(java('new Object[]{1, "abc", true}', "Array"), "[1, 'abc', True]");
  // Strings in an Array keep their quotes when the item type is String.
  assert.equal(java('new String[]{"a", b}', "Array", "String"), "['\"a\"', 'b']");
  assert.equal(java("new long[]{1L, 2, 3L}", "Array", "long"), "[1, '2', 3]");
  assert.equal(java('new ArrayList<>(Arrays.asList("a", "b"))', "ArrayList", "String"), "['a', 'b']");
  assert.equal(java("new ArrayList<Integer>(Arrays.asList(1, 2))", "ArrayList", "integer"), "[1, 2]");
  assert.equal(
    java("new ArrayList<Float>() {{ add(1.0f); add(2.5f); }}", "ArrayList", "float"),
    "[1.0, 2.5]",
  );
  assert.equal(java("new ArrayList<>()", "ArrayList"), "[]");
  assert.equal(java("[1, 2]", "ArrayList", "integer"), "'[1, 2]'");
  assert.equal(
    java('new HashMap<String, Object>() {{ put("k1", 1); put("k2", "v"); put("k3", true); }}', "HashMap"),
    "{'k1': 1, 'k2': 'v', 'k3': True}",
  );
  assert.equal(java("new HashMap<>() {{ }}", "HashMap"), "{}");
  assert.equal(java("new HashMap<>()", "HashMap"), "{}");
  assert.throws(() => javaTypeConverter("x", "Queue"), CheckerCrash);
});

test("JavaScript scalars: quoted strings lose one pair of quotes; numbers, BigInt, booleans", () => {
  assert.equal(js("'abc'", "String"), "'abc'");
  assert.equal(js('"abc"', "String"), "'abc'");
  assert.equal(js("abc", "String"), "'abc'");
  assert.equal(js("-123", "integer"), "-123");
  assert.equal(js("3.14", "float"), "3.14");
  assert.equal(js("1e3", "float"), "'1e3'");
  assert.equal(js("123n", "Bigint"), "123");
  assert.equal(js("123", "Bigint"), "'123'");
  assert.equal(js("false", "Boolean"), "False");
  assert.equal(js("{a: 1}", "any"), "'{a: 1}'");
});

test("JavaScript collections: arrays (1D, 2D, new Array) and objects", () => {
  assert.equal(js("[1, 'two', true]", "array"), "[1, 'two', True]");
  assert.equal(js("new Array(1, 2, 3)", "array"), "[1, 2, 3]");
  assert.equal(js("[]", "array"), "[]");
  assert.equal(js("['a', \"b\"]", "array", "String"), "['a', 'b']");
  assert.equal(js("[1, 2]", "array", "integer"), "[1, 2]");
  assert.equal(js(" [ [1, 2], [3, 4]]", "array", "array"), "[[1, 2], [3, 4]]");
  // An item type the converter does not know makes the whole text come back as a string.
  assert.equal(js("[1, 2]", "array", "object"), "'[1, 2]'");
  assert.equal(js("{}", "dict"), "{}");
  assert.equal(
    js("{'key1': 123, 'key2': 'value', 'key3': false}", "dict"),
    "{'key1': 123, 'key2': 'value', 'key3': False}",
  );
  // The object pattern stops at the first "}", so a nested object is cut short and kept as text.
  assert.equal(js("{key: [1, 2], inner: {a: 'b'}}", "dict"), `{'key': [1, 2], 'inner': "{a: 'b"}`);
  // Quotes are stripped before the number check, so a quoted number becomes a number.
  assert.equal(js("{code: '123'}", "dict"), "{'code': 123}");
});
