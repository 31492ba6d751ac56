import assert from "node:assert/strict";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { tinyModelPath } from "../gguf/synth/tiny-model.test-support.js";
import { writeRunReport } from "../report/run-report.js";
import { writeTraceFile } from "../suites/traces/traces.test-support.js";
import { runSizing, sizingFile } from "./run-sizing.js";
import { renderSizingTable } from "./sizing-table.js";

describe("edgecall size on synthesised files", () => {
  it("measures each file on a traces suite, checks the budgets and recommends no random-weight file", async () => {
    const q8 = await tinyModelPath("qwen3", "q8_0");
    const q4 = await tinyModelPath("qwen3", "q4_0");
    const scratch = mkdtempSync(join(tmpdir(), "edgecall-size-synth-"));
    const traces = writeTraceFile(scratch);
    const { verdict, directory } = await runSizing({
      models: [q8, q4],
      suites: `traces:${traces}`,
      limit: 2,
      maxTokens: 4,
      cache: false,
      threads: 1,
      gpu: "off",
      progress: false,
      out: scratch,
      noBench: true,
      budgets: { maxLatencyMs: 600_000, maxMemoryMiB: 1, minAccuracy: 0 },
    });
    assert.deepEqual(JSON.parse(readFileSync(join(directory, sizingFile), "utf8")), verdict);
    assert.deepEqual(
      verdict.files.map((file) => [file.quantisation, file.randomWeights, file.n, file.memorySource]),
      [
        ["Q8_0", true, 2, "eval"],
        ["Q4_0", true, 2, "eval"],
      ],
    );
    for (const file of verdict.files) {
      assert.ok((file.ttftP90Ms ?? 0) > 0 && (file.callP90Ms ?? 0) >= (file.ttftP90Ms ?? 0));
      assert.ok((file.peakMemoryBytes ?? 0) > 2 ** 20);
      assert.equal(file.budgets.latency?.meets, true);
      assert.equal(file.budgets.memory?.meets, false, "no process fits in 1 MiB");
      assert.equal(file.budgets.accuracy?.meets, true);
    }
    assert.deepEqual(verdict.meeting, []);
    assert.equal(verdict.recommended, null);
    assert.match(verdict.reason, /^no file meets every budget \(.*peak \d+ MiB > 1 MiB/);
    const table = renderSizingTable(verdict);
    assert.match(table, /RANDOM WEIGHTS/);
    assert.match(table, /\(random weights\) +Q8_0/);
    assert.match(table, /verdict: none recommended/);
    // The report puts the same table first.
    const page = readFileSync(writeRunReport(directory), "utf8");
    const sizing = page.indexOf('<section id="sizing">');
    assert.ok(
      sizing > 0 && sizing < page.indexOf('<section id="provenance"'),
      "the sizing table comes first",
    );
    assert.match(page, /none recommended/);
    assert.match(page, /Random-weight files/);
  });
});
