import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { isEdgecallError } from "../errors.js";
import { parseBench } from "./bench-data.js";

const results = [{ test: "pp128", tokensPerSecond: { min: 90, median: 100, max: 110 } }];

describe("parseBench", () => {
  it("reads a bench of a server, whose load time and memory are null (nothing was loaded here)", () => {
    const bench = parseBench("bench.json", {
      model: { name: "remote" },
      loadMs: null,
      peakRssBytes: null,
      results,
    });
    assert.equal(bench.loadMs, null);
    assert.equal(bench.peakRssBytes, null);
    assert.equal(bench.tests[0]?.tokensPerSecond.median, 100);
  });

  it("refuses a load time that is neither a number nor null, naming the file and field", () => {
    assert.throws(
      () => parseBench("bench.json", { loadMs: "fast", peakRssBytes: 1, results }),
      (error: unknown) => isEdgecallError(error, "invalid-json") && /bench\.json.*loadMs/.test(error.message),
    );
  });
});
