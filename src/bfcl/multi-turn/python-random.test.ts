import assert from "node:assert/strict";
import { test } from "node:test";
import { mpmathLogRatioRepr } from "./mpmath-log.js";
import { PyDict } from "./py-object.js";
import { jsonDumps, pyReprOf, renderResult } from "./py-render.js";
import { PythonRandom } from "./python-random.js";

test("random.Random(seed) draws Python's values (values from CPython 3.11)", () => {
  const travel = new PythonRandom(141053n);
  assert.equal(travel.randint(100000n, 999999n), 251675n);
  assert.equal(travel.randint(100000000000n, 999999999999n), 391310425148n);
  assert.equal(travel.uniform(-10.0, 40.0), 8.546173419897784);
  assert.equal(new PythonRandom(200191n).randint(10000n, 99999n), 67410n);
});

test("results render as BFCL records them: json.dumps for dicts, str() otherwise", () => {
  const dict = new PyDict([
    ["count", 3n],
    ["price", 10.0],
    ["name", "café"],
    ["ok", true],
    ["none", null],
  ]);
  assert.equal(
    jsonDumps(dict),
    '{"count": 3, "price": 10.0, "name": "caf\\u00e9", "ok": true, "none": null}',
  );
  assert.equal(renderResult(null), "None");
  assert.equal(renderResult(["a", 1n, 2.5]), "['a', 1, 2.5]");
  assert.equal(pyReprOf(new PyDict([[1n, "x"]])), "{1: 'x'}");
});

test("logarithm's mpf matches mpmath's rounding and repr (values from mpmath 1.3)", () => {
  assert.equal(mpmathLogRatioRepr(20, 10, 2), "mpf('1.3027')");
  assert.equal(mpmathLogRatioRepr(630, 10, 5), "mpf('2.7993393')");
  assert.equal(mpmathLogRatioRepr(980, 20, 10), "mpf('2.299121531134')");
  assert.equal(mpmathLogRatioRepr(36, 6, 4), "mpf('2.0')");
});
