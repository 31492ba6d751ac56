import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { isEdgecallError } from "../errors.js";
import { categoryHealth, healthOf } from "../eval/category-health.js";
import { renderSummaryTable } from "../eval/summary-table.js";
import { jsonForScript } from "./html-page.js";
import {
  createReplayRun,
  createStatefulRun,
  eventfulStatefulResult,
  hostileText,
  type Outcome,
  sampleBench,
} from "./report-run.test-support.js";
import { readRunData } from "./run-data.js";
import { renderRunReport, writeRunReport } from "./run-report.js";
import type { SampleView } from "./sample-view.js";
import type { EventView } from "./trajectory-view.js";

const scratch = mkdtempSync(join(tmpdir(), "edgecall-report-run-"));

// 30 single samples (simple = index % 3 == 0, multiple, parallel) and 6 irrelevance samples.
const outcomes: Record<number, Outcome> = {
  1: "wrong-argument",
  2: "unreadable",
  4: "stuck",
  5: "unreadable",
  7: "wrong-tool",
  9: "no-call",
  11: "missing",
  31: "wrong-argument", // irrelevance: answers with a call
};
const outcome = (index: number): Outcome => outcomes[index] ?? "pass";

function embeddedData(html: string): { mode: string; categories: string[]; rows: SampleView[] } {
  const match = /<script id="report-data" type="application\/json">([\s\S]*?)<\/script>/.exec(html);
  assert.ok(match?.[1], "the page embeds its data");
  return JSON.parse(match[1]);
}

let runDirectory = "";

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

before(async () => {
  runDirectory = await createReplayRun({
    directory: join(scratch, "run"),
    samples: 30,
    irrelevant: 6,
    outcome,
    agentTranscript: true,
    bench: sampleBench("Q4_0", 1),
  });
});

after(() => rmSync(scratch, { recursive: true, force: true }));

describe("run data and health", () => {
  it("reads run.json, results.jsonl, summary.json and bench.json", () => {
    const run = readRunData(runDirectory);
    assert.equal(run.eval?.results.length, 36);
    assert.equal(run.eval?.summary.overall.passed, 36 - 8);
    assert.equal(run.bench?.tests.length, 4);
    assert.deepEqual(
      run.bench?.tests.map((test) => [test.kind, test.tokens]),
      [
        ["pp", 128],
        ["pp", 512],
        ["pp", 2048],
        ["tg", 128],
      ],
    );
  });

  it("counts parse failures, stuck outputs and harness errors per category", () => {
    const results = readRunData(runDirectory).eval?.results ?? [];
    const health = categoryHealth(results);
    const byName = new Map(health.map((entry) => [`${entry.suite}/${entry.category}`, entry]));
    // parallel: indexes 2, 5 unreadable, 11 missing (harness error: no model output).
    const parallel = byName.get("stub:single/parallel");
    assert.equal(parallel?.parseFailures, 2);
    assert.equal(parallel?.harnessErrors, 1);
    assert.equal(parallel?.outputs, 9);
    // multiple: index 4 stuck repeating.
    assert.equal(byName.get("stub:single/multiple")?.stuckRate, 1 / 10);
    assert.equal(byName.get("stub:single/simple")?.parseFailures, 0);
    const overall = healthOf("overall", "overall", results);
    assert.equal(overall.parseFailures, 2);
    assert.equal(overall.harnessErrors, 1);
  });

  it("names the file and line of a bad results line, and a folder that is no run", () => {
    const broken = join(scratch, "broken");
    mkdirSync(broken, { recursive: true });
    writeFileSync(join(broken, "run.json"), readFileSync(join(runDirectory, "run.json")));
    writeFileSync(
      join(broken, "results.jsonl"),
      '{"id": "a", "suite": "s", "category": "c", "passed": true}\n{oops\n',
    );
    assert.throws(
      () => readRunData(broken),
      (error) => isEdgecallError(error, "invalid-json") && /results\.jsonl:2: not JSON/.test(error.message),
    );
    assert.throws(
      () => readRunData(scratch),
      (error) =>
        isEdgecallError(error, "file-not-found") && /neither run\.json nor bench\.json/.test(error.message),
    );
    // A run.json damaged below its top level is named, not a TypeError later in the report.
    const damaged = join(scratch, "damaged");
    mkdirSync(damaged, { recursive: true });
    writeFileSync(join(damaged, "run.json"), JSON.stringify({ model: {}, settings: {}, suites: [1, 2] }));
    assert.throws(
      () => readRunData(damaged),
      (error) =>
        isEdgecallError(error, "invalid-json") && /suites\[0\] is not a suite record/.test(error.message),
    );
  });
});

describe("terminal table", () => {
  it("shows no timings for a replay model (they measure the harness: TTFT 0 ms, 500,000 tok/s)", () => {
    const run = readRunData(runDirectory);
    const results = run.eval?.results ?? [];
    const summary = run.eval!.summary;
    summary.ttftMs = { p50: 0, p90: 0, n: 36 };
    summary.decodeTokensPerSecond = { p50: 500_000, p90: 500_000, n: 36 };
    const text = renderSummaryTable(summary, false, {
      categories: categoryHealth(results),
      overall: healthOf("overall", "overall", results),
    });
    assert.match(text, /stub:single \/ simple\s+.*\s+n\/a\s+n\/a$/m);
    assert.match(text, /^overall\s+.*\s+n\/a\s+n\/a$/m);
    assert.doesNotMatch(text, /500000|p50 0 ms/);
    assert.match(
      text,
      /time to first token, decode speed: n\/a \(a replay model's timings measure the harness\)/,
    );
  });

  it("adds per-category health columns when given health, plain text without colour", () => {
    const run = readRunData(runDirectory);
    const results = run.eval?.results ?? [];
    const text = renderSummaryTable(run.eval!.summary, false, {
      categories: categoryHealth(results),
      overall: healthOf("overall", "overall", results),
    });
    assert.match(text, /parse fail\s+stuck\s+tok limit\s+TTFT p50 ms\s+tok\/s p50/);
    assert.match(text, /stub:single \/ parallel\s+10\s+7\s+70\.0%\s+\[39\.7, 89\.2\]\s+2\/9\s+0\.0%\s+0\.0%/);
    assert.match(text, /stub:single \/ multiple\s+10\s+7\s+70\.0%\s+\[39\.7, 89\.2\]\s+0\/10\s+10\.0%/);
    assert.doesNotMatch(text, /\x1b\[/);
    assert.match(renderSummaryTable(run.eval!.summary, true), /\x1b\[1m/, "colour when asked");
  });
});

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
    assert.match(html, /<td>stub:single \/ parallel<\/td><td class="num">10<\/td><td class="num">7<\/td>/);
    assert.match(html, /<td>overall<\/td><td class="num">36<\/td><td class="num">28<\/td>/);
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
    assert.match(html, /<td>overall accuracy<\/td><td class="num">77\.8%<\/td><td class="num">100\.0%<\/td>/);

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

describe("report.html of agent and conversation samples", () => {
  let statefulDirectory = "";

  before(async () => {
    statefulDirectory = await createStatefulRun(join(scratch, "stateful"), "reference");
  });

  function row(html: string, id: string): SampleView {
    const found = embeddedData(html).rows.find((view) => view.id === id);
    assert.ok(found, `${id} is on the page`);
    return found;
  }

  it("shows a stateful sample's request, milestones in order, trajectory, guard decisions and marks", () => {
    const html = readFileSync(writeRunReport(statefulDirectory), "utf8");
    const sam = row(html, "t_sam");
    assert.equal(sam.solver, "conversation");
    assert.equal(sam.request?.text, "Email Sam that I'll be ten minutes late to the design review.");
    assert.equal(sam.expected?.kind, "stateful");
    if (sam.expected?.kind !== "stateful") return;
    assert.deepEqual(
      sam.expected.milestones.map((item) => [item.id, item.after]),
      [
        ["asked", []],
        ["sent", ["asked"]],
      ],
    );
    assert.match(sam.expected.milestones[1]?.check ?? "", /"row":"emails","change":"added"/);
    assert.deepEqual(
      sam.expected.minefields.map((item) => [item.id, item.hitAt]),
      [["wrong-sam", null]],
    );
    assert.deepEqual(sam.expected.reference[2], {
      calls: [
        {
          name: "email_send",
          arguments:
            '{"to":["sam.patel@northwind.example.com"],"subject":"Running late","body":"I\'ll be ten minutes late to the design review."}',
          loose: ["subject", "body"],
        },
      ],
    });
    const trajectory = sam.trajectory;
    assert.ok(trajectory);
    assert.deepEqual(
      trajectory.events.map((event) => event.type),
      ["user", "model", "tool", "model", "end", "user", "model", "tool", "model", "end"],
    );
    assert.equal(trajectory.confirmationsAsked, 1);
    const send = trajectory.events[7];
    assert.ok(send?.type === "tool");
    assert.equal(send.call.name, "email_send");
    assert.ok(
      send.decisions.some(
        (decision) => decision.guard === "confirmation" && decision.verdict === "confirmed",
      ),
    );
    assert.deepEqual(send.confirmation, { approved: true, by: "scripted-user" });
    assert.ok(send.outcome?.ok && send.outcome.output.text.includes("msg-"));
    // Marks: each milestone next to the event that reached it, matching the expected table.
    for (const milestone of sam.expected.milestones) {
      assert.equal(typeof milestone.reachedAt, "number");
      const event: EventView | undefined = trajectory.events[milestone.reachedAt as number];
      assert.deepEqual(
        event?.marks?.reached.map((mark) => mark.id),
        [milestone.id],
      );
    }
    assert.equal(trajectory.events[3]?.type, "model", "asking which Sam is a reply");
    // The category table carries the agent figures (summary.json's agent block).
    assert.match(
      html,
      /<th class="num">progress<\/th><th class="num">user turns<\/th><th class="num">steps<\/th>/,
    );
    assert.match(
      html,
      /<td>assistant:stateful \/ disambiguation<\/td>(<td class="num">[^<]*<\/td>){9}<td class="num">100\.0%<\/td><td class="num">2\.0<\/td><td class="num">4\.0<\/td><td class="num">2\.0<\/td><td class="num">1<\/td><\/tr>/,
    );
    assert.match(html, /<td>overall<\/td>(<td class="num">[^<]*<\/td>){9}<td class="num">100\.0%<\/td>/);
  });

  it("keeps hostile trajectory text inert, cuts long outputs and bounds a sample's size", () => {
    const run = readRunData(statefulDirectory);
    const results = run.eval!.results;
    const index = results.findIndex((result) => result.id === "t_sam");
    const eventful = eventfulStatefulResult(results[index]!);
    results[index] = eventful;
    const html = renderRunReport(run);
    assert.doesNotMatch(html, /<script>alert|<b id="injected"|<img src=x/);
    const sam = row(html, "t_sam");
    assert.equal(sam.request?.text, hostileText);
    const events = sam.trajectory?.events ?? [];
    const step = events[1];
    assert.ok(step?.type === "model");
    assert.equal(step.content.text, hostileText);
    assert.deepEqual(
      step.parseErrors.map((error) => error.type),
      ["truncated"],
    );
    const blocked = events[3];
    assert.ok(blocked?.type === "tool");
    assert.deepEqual(
      blocked.decisions.map((decision) => [decision.guard, decision.verdict]),
      [
        ["schema", "pass"],
        ["precondition", "block"],
      ],
    );
    assert.deepEqual(
      blocked.marks?.hit.map((mark) => mark.id),
      ["wrong-sam"],
    );
    const declined = events[4];
    assert.ok(declined?.type === "tool");
    assert.deepEqual(declined.confirmation, { approved: false, by: "scripted-user" });
    assert.equal(declined.skipped, "declined at confirmation");
    const read = events[5];
    assert.ok(read?.type === "tool" && read.outcome?.ok);
    assert.equal(read.call.calledAs, "tool_abcd");
    assert.equal(read.outcome.output.text.length, 4000, "a long output is cut to 4,000 characters");
    assert.ok((read.outcome.output.cut ?? 0) > 16_000, "and says how much was left out");
    assert.deepEqual(
      sam.trajectory?.atStart?.reached.map((mark) => mark.id),
      ["asked"],
      "a milestone that held from the start",
    );
    if (sam.expected?.kind === "stateful")
      assert.deepEqual(
        sam.expected.minefields.map((item) => [item.id, item.hitAt]),
        [["wrong-sam", 3]],
      );

    // A runaway trajectory: 1,000 events of 10,000 characters each stays bounded on the page.
    const many = Array.from({ length: 1000 }, (_, turn) => ({
      type: "user" as const,
      turn,
      text: "x".repeat(10_000),
      by: "script" as const,
    }));
    results[index] = {
      ...eventful,
      trajectory: { ...eventful.trajectory!, events: many },
      scoreDetails: {
        progress: 0,
        milestones: [{ id: "late", description: "late", reachedAt: 900 }],
        minefields: [],
      },
    };
    const bounded = row(renderRunReport(run), "t_sam");
    assert.equal(bounded.trajectory?.events.length, 300);
    assert.equal(bounded.trajectory?.omittedEvents, 700);
    assert.deepEqual(
      bounded.trajectory?.inOmitted?.reached.map((mark) => mark.id),
      ["late"],
    );
    const size = JSON.stringify(bounded).length;
    assert.ok(size < 200_000, `the sample embeds ${size} characters`);
  });

  it("renders a result written before requests, expected outcomes and trajectories were recorded", () => {
    const run = readRunData(statefulDirectory);
    const legacy = run.eval!.results.map((result) => {
      const {
        solver: _solver,
        request: _request,
        expected: _expected,
        modelCalls: _modelCalls,
        trajectory: _trajectory,
        worldHash: _worldHash,
        scoreDetails: _scoreDetails,
        ...old
      } = result;
      return old;
    });
    run.eval!.results = legacy;
    for (const category of run.eval!.summary.categories) delete category.agent;
    const html = renderRunReport(run);
    const view = row(html, "t_sam");
    assert.equal(view.recorded, false);
    assert.equal(view.solver, "single-call");
    assert.equal(view.request, null);
    assert.equal(view.expected, null);
    assert.equal(view.trajectory, null);
    assert.doesNotMatch(html, /<th class="num">progress<\/th>/, "no agent columns without agent results");
    // A summary.json from before agent figures, over results that have trajectories: computed from them.
    const current = readRunData(statefulDirectory);
    for (const category of current.eval!.summary.categories) delete category.agent;
    assert.match(
      renderRunReport(current),
      /<td>assistant:stateful \/ disambiguation<\/td>(<td class="num">[^<]*<\/td>){9}<td class="num">100\.0%<\/td><td class="num">2\.0<\/td>/,
    );
    // The stub run's single-call results show their expected outcome as not recorded.
    const stub = row(renderRunReport(readRunData(runDirectory)), "single_1");
    assert.equal(stub.expected, null);
    assert.equal(stub.trajectory, null);
  });
});
