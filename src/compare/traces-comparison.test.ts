import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { writeRunReport } from "../report/run-report.js";
import { traceIds, writeTraceFile } from "../suites/traces/traces.test-support.js";
import { runQuantComparison } from "./compare-quants.js";

const weather = (city: string) => JSON.stringify([{ name: "get_weather", arguments: { city } }]);
const rightAll = [
  weather("Paris"),
  "It is 18 degrees in Paris.",
  JSON.stringify([
    { name: "get_weather", arguments: { city: "Berlin", unit: "fahrenheit" } },
    { name: "get_weather", arguments: { city: "Rome", unit: "fahrenheit" } },
  ]),
  JSON.stringify([{ name: "convert_currency", arguments: { amount: 100, from: "USD", to: "EUR" } }]),
];

describe("a traces suite in compare-quants and the report", () => {
  it("pairs the files on the trace's turns and reports them", async () => {
    const scratch = mkdtempSync(join(tmpdir(), "edgecall-traces-compare-"));
    const traces = writeTraceFile(scratch);
    const ids = traceIds("team.jsonl").map((entry) => entry.id);
    // a: every turn right; b: wrong city on 1:1 and a call on the text turn 1:2.
    const outputs: Record<string, string[]> = {
      a: rightAll,
      b: [weather("Lyon"), weather("Paris"), rightAll[2]!, rightAll[3]!],
    };
    const models = Object.entries(outputs).map(([name, lines]) => {
      const path = join(scratch, `${name}.jsonl`);
      writeFileSync(
        path,
        lines.map((output, index) => `${JSON.stringify({ id: ids[index], output })}\n`).join(""),
      );
      return `replay:${path}`;
    });
    const { comparison, directory } = await runQuantComparison({
      models,
      suites: `traces:${traces}`,
      progress: false,
      out: join(scratch, "runs"),
    });
    assert.equal(comparison.status, "complete");
    assert.deepEqual(comparison.suites, [`traces:${traces}`]);
    assert.deepEqual(
      comparison.models.map((model) => [model.label, model.overall?.passed, model.overall?.n]),
      [
        ["a", 4, 4],
        ["b", 2, 4],
      ],
    );
    const overall = comparison.overall?.paired[0];
    assert.equal(overall?.difference, -0.5);
    assert.deepEqual(
      comparison.categories.map((category) => category.category),
      ["call", "text", "parallel"],
    );
    const html = readFileSync(writeRunReport(directory), "utf8");
    assert.match(html, /traces:team\.jsonl:1:1/);
    assert.match(html, /get_weather/);
  });
});
