/**
 * report.html of a single-call run (the scripted replay run): a self-contained page with
 * provenance, the category table, charts and every sample; inert markup; other runs and
 * compare-quants directories side by side; the bench table; probe charts; a bench-only folder.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { jsonForScript } from "./html-page.js";
import { createReplayRun } from "./report-run.test-support.js";
import { readRunData } from "./run-data.js";
import { renderRunReport, writeRunReport } from "./run-report.js";
import { embeddedData, scriptedRunFixture } from "./run-report-fixture.test-support.js";
import { sampleBench } from "./sample-bench.test-support.js";

const { scratch, runDirectory } = scriptedRunFixture("edgecall-report-run-");

/** compare-quants' per-model bench figures (comparison.json's `models[].bench`). */
function benchFigures(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    loadMs: 12,
    peakRssBytes: 150 * 1024 ** 2,
    contextSize: 4096,
    device: "cpu",
    results: [{ test: "pp512", threads: 2, tokensPerSecond: { min: 1, median: 2, max: 3 } }],
    ...overrides,
  };
}

/** Writes a compare-quants directory's comparison.json naming `models`. */
function writeComparison(directory: string, models: unknown[]): void {
  writeFileSync(join(directory, "comparison.json"), JSON.stringify({ kind: "quant-comparison", models }));
}

describe("report.html", () => {
  it("is one self-contained page: provenance, category table, charts and every sample", () => {
    const path = writeRunReport(runDirectory);
    assert.equal(path, join(runDirectory, "report.html"));
    const html = readFileSync(path, "utf8");
    const run = readRunData(runDirectory);
    // Nothing fetched from anywhere: no external scripts, styles, images or fonts; a CSP forbids them.
    assert.doesNotMatch(html, /<script[^>]+src=|<link[^>]+href=|<img[^>]+src=|@import|url\(/i);
    assert.match(html, /Content-Security-Policy" content="default-src 'none'/);
    assert.ok(html.includes(run.eval!.record.model.sha256!), "the model file's sha256 is shown");
    // The results come first (title and banners above them), the provenance after the figures.
    const at = (marker: string): number => {
      const index = html.indexOf(marker);
      assert.ok(index >= 0, `no ${marker}`);
      return index;
    };
    assert.ok(at("<h1>") < at('id="categories"'));
    assert.ok(at('id="categories"') < at('id="charts"'), "results and charts before provenance");
    assert.ok(at('id="charts"') < at('id="provenance"'));
    assert.ok(at('id="provenance"') < at('id="samples"'));
    assert.match(html, /<a href="#provenance">/, "the header links to the provenance");
    // n, harness errors, passed: the harness error is beside accuracy, not a wrong answer.
    assert.match(
      html,
      /<td>stub:single \/ parallel<\/td><td class="num">10<\/td><td class="num">1<\/td><td class="num">7<\/td><td class="num">77\.8%<\/td>/,
    );
    assert.match(
      html,
      /<td>overall<\/td><td class="num">36<\/td><td class="num">1<\/td><td class="num">28<\/td>/,
    );
    assert.match(html, /Accuracy is over scored attempts: 1 attempt ended in a harness error/);
    const charts = html.match(/<figure class="chart">/g) ?? [];
    // Accuracy by category, bench prefill speed, bench TTFT (eval timings: replay, left out).
    assert.equal(charts.length, 3);
    assert.match(html, /Eval speed charts left out: a replay model/);
    assert.doesNotMatch(html, /Accuracy against/, "not a probe run");
    assert.doesNotMatch(html, /id="random-weights-banner"/);
    const data = embeddedData(html);
    assert.equal(data.rows.length, 36);
    assert.deepEqual(data.categories, [
      "stub:single / simple",
      "stub:single / multiple",
      "stub:single / parallel",
      "stub:irrelevance",
    ]);
    const missing = data.rows.find((row) => row.id === "single_11");
    assert.equal(missing?.verdict, "error");
    assert.ok(
      data.rows[0]?.transcript?.steps[0]?.toolResults[0]?.decisions.some((d) => d.verdict === "block"),
    );
    assert.equal(data.rows[0]?.metadata.transcript, undefined, "the transcript is not repeated in metadata");
  });

  it("keeps markup in model output inert and shows a banner for random weights", () => {
    const run = readRunData(runDirectory);
    const hostile = "</script><script>alert(1)</script>\u2028<b>bold</b>";
    const first = run.eval!.results[0]!;
    run.eval!.results[0] = { ...first, rawText: hostile };
    run.eval!.record.model.randomWeights = true;
    const html = renderRunReport(run, { generatedAt: "2026-01-01T00:00:00Z" });
    assert.doesNotMatch(html, /<script>alert/);
    assert.equal(embeddedData(html).rows[0]?.rawText, hostile);
    assert.match(html, /id="random-weights-banner">Random weights/);
    assert.equal(jsonForScript("</script>"), '"\\u003c/script>"');
  });

  it("charts other runs (e.g. other quantisations) side by side", async () => {
    const other = await createReplayRun({
      directory: join(scratch, "q8"),
      samples: 30,
      irrelevant: 6,
      outcome: () => "pass",
      quantisation: "Q8_0",
    });
    const html = readFileSync(writeRunReport(runDirectory, { otherDirectories: [other] }), "utf8");
    assert.match(html, /Quantisations side by side/);
    assert.match(
      html,
      /<th class="num">stub-Q4_0\.replay\.jsonl<\/th><th class="num">stub-Q8_0\.replay\.jsonl<\/th>/,
    );
    assert.match(html, /<td>overall accuracy<\/td><td class="num">80\.0%<\/td><td class="num">100\.0%<\/td>/);

    // A compare-quants directory: comparison.json names the runs; its bench figures stand in for bench.json.
    const quants = join(scratch, "quants");
    mkdirSync(quants, { recursive: true });
    writeComparison(quants, [
      { label: "q4", runDir: runDirectory, bench: null },
      { label: "q8", runDir: other, bench: benchFigures({ loadMs: 999, peakRssBytes: 2 * 1024 ** 3 }) },
      { label: "not started", runDir: null, bench: null },
    ]);
    const quantsPath = writeRunReport(quants);
    assert.equal(quantsPath, join(quants, "report.html"));
    const quantsHtml = readFileSync(quantsPath, "utf8");
    assert.match(quantsHtml, /Quantisations side by side/);
    assert.match(
      quantsHtml,
      /<td>bench peak RSS<\/td><td class="num">900\.0 MiB<\/td><td class="num">2\.00 GiB<\/td>/,
    );
  });

  it("shows threads, context size, the eval's own peak memory, host RAM and the bench as a table", () => {
    const run = readRunData(runDirectory);
    const record = run.eval!.record;
    Object.assign(record.model.backendInfo, { threads: 2, contextSize: 4096 });
    record.sessions = [
      { ...record.sessions[0]!, peakRssBytes: 300 * 1024 * 1024 },
      { ...record.sessions[0]!, peakRssBytes: 500 * 1024 * 1024 },
    ];
    const html = renderRunReport(run);
    assert.match(html, /<dt>threads<\/dt><dd>2<\/dd>/);
    assert.match(html, /<dt>context size<\/dt><dd>4096 tokens<\/dd>/);
    assert.match(
      html,
      /<dt>eval peak memory \(RSS\)<\/dt><dd>500\.0 MiB \(the edgecall process, Node\.js included\)<\/dd>/,
    );
    assert.match(html, /<dt>host RAM<\/dt><dd>[\d.]+ [GM]iB<\/dd>/);
    assert.doesNotMatch(html, /<dt>memory<\/dt>/, "the host's RAM is not the run's memory");
    const table = /<table id="bench-table">[\s\S]*?<\/table>/.exec(html)?.[0] ?? "";
    assert.match(
      table,
      /<tr><td>pp512<\/td><td class="num">2<\/td><td class="num">280\.0<\/td><td class="num">266\.0<\/td><td class="num">291\.2<\/td><td class="num">1830 ms<\/td><\/tr>/,
    );
    assert.match(
      table,
      /<tr><td>tg128<\/td><td class="num">2<\/td><td class="num">31\.0<\/td>.*<td class="num">n\/a<\/td><\/tr>/,
    );
  });

  it("a compare-quants bench of a random-weight file says so, with llama.cpp's size class filled in", () => {
    const quants = join(scratch, "quants-random");
    mkdirSync(quants, { recursive: true });
    const random = join(scratch, "random-run");
    rmSync(random, { recursive: true, force: true });
    spawnSync("cp", ["-r", runDirectory, random]);
    rmSync(join(random, "bench.json"));
    const runJson = join(random, "run.json");
    const record = JSON.parse(readFileSync(runJson, "utf8"));
    record.model.randomWeights = true;
    writeFileSync(runJson, JSON.stringify(record));
    const figures = benchFigures({ description: "qwen35 1.1M Q8_0", randomWeights: true });
    writeComparison(quants, [{ label: "q8", runDir: random, bench: figures }]);
    const html = readFileSync(writeRunReport(quants), "utf8");
    const bench = /<h3>Bench<\/h3>[\s\S]*?<\/dl>/.exec(html)?.[0] ?? "";
    assert.match(bench, /<dt>model<\/dt><dd>qwen35 1\.1M Q8_0<\/dd>/);
    assert.match(bench, /<dt>device<\/dt><dd>cpu<\/dd>/);
    assert.match(bench, /<dt>random weights<\/dt><dd>yes<\/dd>/);
    // An older comparison.json without the flag: the run's own provenance still says so.
    const { randomWeights: _, ...older } = figures;
    writeComparison(quants, [{ label: "q8", runDir: random, bench: older }]);
    assert.match(readFileSync(writeRunReport(quants), "utf8"), /<dt>random weights<\/dt><dd>yes<\/dd>/);
  });

  it("charts a probe's steps (summary.json's probe section) with their intervals", () => {
    const run = readRunData(runDirectory);
    const step = (value: number, passed: number) => ({
      category: `tools_${value}`,
      value,
      status: "run",
      n: 20,
      passed,
      accuracy: passed / 20,
      ci95: [passed / 20 - 0.1, Math.min(1, passed / 20 + 0.1)],
    });
    Object.assign(run.eval!.summary, {
      probe: {
        kind: "tools",
        steps: [
          step(1, 19),
          step(8, 17),
          step(32, 11),
          { category: "tools_64", value: 64, status: "skipped" },
        ],
        largestWithinTolerance: { category: "tools_8", value: 8, accuracy: 0.85 },
      },
    });
    const html = renderRunReport(run);
    assert.match(
      html,
      /Accuracy against tool count<\/figcaption>|Accuracy against tool count <span class="note">\(largest step within tolerance: 8\)/,
    );
    const figure = /Accuracy against tool count[\s\S]*?<\/figure>/.exec(html)?.[0] ?? "";
    assert.equal((figure.match(/<circle/g) ?? []).length, 3, "one dot per step that ran");
    assert.match(figure, /tools offered 32: 55\.0%/);
  });

  it("reports a bench-only folder (bench.json alone)", () => {
    const benchOnly = join(scratch, "bench-only");
    mkdirSync(benchOnly, { recursive: true });
    writeFileSync(join(benchOnly, "bench.json"), JSON.stringify(sampleBench("Q8_0", 1.5)));
    const html = readFileSync(writeRunReport(benchOnly), "utf8");
    assert.match(html, /Bench: prefill speed by prompt length/);
    assert.match(html, /1\.32 GiB/);
    assert.doesNotMatch(html, /id="samples"/);
  });
});
