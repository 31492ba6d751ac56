import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { energyLines } from "./energy-lines.js";

describe("energy lines", () => {
  it("show J/token and watts per test, the source, and why a figure is missing", () => {
    const lines = energyLines({ source: "rapl", label: "RAPL package-0", note: "" }, [
      {
        name: "pp64",
        energy: {
          source: "rapl",
          label: "RAPL package-0",
          joules: 1,
          seconds: 1,
          watts: 12.34,
          joulesPerToken: 0.0021,
        },
      },
      { name: "tg16", energy: { source: null, reason: "a read failed" } },
      { name: "tg32" },
    ]);
    assert.deepEqual(lines, [
      "energy (RAPL package-0, whole machine, an upper bound): pp64 2.10 mJ/token (12.3 W), tg16 n/a (a read failed), tg32 n/a",
    ]);
    assert.deepEqual(energyLines({ source: null, reason: "not available: RAPL: none" }, []), [
      "energy: not available: RAPL: none",
    ]);
    assert.deepEqual(energyLines(undefined, []), []);
  });
});
