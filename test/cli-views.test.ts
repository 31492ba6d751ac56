/**
 * The views' commands end to end, from source (src/cli/main.ts through tsx): `compare`, `report`,
 * the report.html `eval` writes, `compare-quants`, `probe tools` and `suite check`. Their unit
 * tests sit beside their code (src/report/, src/compare/, src/probes/, src/suites/).
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import type { QuantComparison } from "../src/compare/quant-comparison.js";
import { assistantAnswers, writeReplay, wrongOutput } from "../src/compare/quant-replay.test-support.js";
import type { Sample } from "../src/eval/suite.js";
import { createReplayRun, type Outcome } from "../src/report/report-run.test-support.js";
import { sampleBench } from "../src/report/sample-bench.test-support.js";
import type { SampleView } from "../src/report/sample-view.js";
import type { Comparison } from "../src/report/two-run-comparison.js";
import { createStatefulSuite } from "../src/suites/stateful/stateful-suite.js";
import { runCliFromSource } from "./eval-cli.test-support.js";

const cliMain = fileURLToPath(new URL("../src/cli/main.ts", import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), "edgecall-cli-views-"));
after(() => rmSync(scratch, { recursive: true, force: true }));

function embeddedData(html: string): { mode: string; categories: string[]; rows: SampleView[] } {
  const match = /<script id="report-data" type="application\/json">([\s\S]*?)<\/script>/.exec(html);
  assert.ok(match?.[1], "the page embeds its data");
  return JSON.parse(match[1]);
}

// compare: 30 samples; simple = indexes 0, 3, ..., 27; multiple = 1, 4, ...; parallel = 2, 5, ...
const failsA = new Set([3, 6, 9, 12, 15, 1, 5, 8, 11, 14, 17, 20, 23]);
const failsB = new Set([0, 1, 2]);
const outcomeOf =
  (fails: Set<number>) =>
  (index: number): Outcome =>
    fails.has(index) ? "wrong-argument" : "pass";

let runA = "";
let runB = "";
let runC = "";
let runDirectory = "";

before(async () => {
  runA = await createReplayRun({
    directory: join(scratch, "a"),
    samples: 30,
    outcome: outcomeOf(failsA),
    quantisation: "Q4_0",
    bench: sampleBench("Q4_0", 1),
  });
  runB = await createReplayRun({
    directory: join(scratch, "b"),
    samples: 30,
    outcome: outcomeOf(failsB),
    quantisation: "Q8_0",
    bench: sampleBench("Q8_0", 1.7),
  });
  runC = await createReplayRun({
    directory: join(scratch, "c"),
    samples: 30,
    outcome: outcomeOf(failsB),
    version: "2",
  });
  runDirectory = runA;
});

describe("edgecall compare", () => {
  const cli = (...args: string[]) =>
    spawnSync(process.execPath, ["--import", "tsx", cliMain, "compare", ...args], { encoding: "utf8" });

  it("prints one JSON document with --json and writes --html", () => {
    const page = join(scratch, "compare.html");
    const outcome = cli(runA, runB, "--json", "--html", page);
    assert.equal(outcome.status, 0, outcome.stderr);
    const document = JSON.parse(outcome.stdout) as Comparison;
    assert.equal(document.overall.pValue, 212 / 16384);
    assert.equal(document.categories.length, 3);
    assert.match(outcome.stderr, /compare page: .*compare\.html/);
    assert.match(
      readFileSync(page, "utf8"),
      /edgecall compare: stub-Q4_0\.replay\.jsonl vs stub-Q8_0\.replay\.jsonl/,
    );
  });

  it("exits 2 naming the suite when versions differ, 0 with --force", () => {
    const refused = cli(runA, runC);
    assert.equal(refused.status, 2);
    assert.match(refused.stderr, /^edgecall: compare: the runs used different versions of stub:single/);
    assert.equal(refused.stdout, "");
    const forced = cli(runA, runC, "--force");
    assert.equal(forced.status, 0, forced.stderr);
    assert.match(forced.stdout, /overall\s+30/);
  });
});

describe("edgecall report and the report.html of eval", () => {
  it("edgecall eval writes report.html and prints its path (on stderr with --json)", () => {
    const replay = join(scratch, "eval-replay.jsonl");
    const call = JSON.stringify({ name: "files_list", arguments: { path: "/" } });
    writeFileSync(
      replay,
      `${Array.from({ length: 8 }, () => JSON.stringify({ output: call })).join("\n")}\n`,
    );
    const outcome = spawnSync(
      process.execPath,
      [
        "--import",
        "tsx",
        cliMain,
        "eval",
        "--model",
        `replay:${replay}`,
        "--suite",
        "assistant:single",
        "--limit",
        "3",
        "--out",
        join(scratch, "runs"),
        "--no-progress",
        "--json",
      ],
      { encoding: "utf8", env: { ...process.env, EDGECALL_CACHE_DIR: join(scratch, "cache") } },
    );
    assert.equal(outcome.status, 0, outcome.stderr);
    const document = JSON.parse(outcome.stdout) as { runDir: string };
    const printed = /^report: (.*report\.html)$/m.exec(outcome.stderr)?.[1];
    assert.equal(printed, join(document.runDir, "report.html"));
    const html = readFileSync(printed, "utf8");
    assert.match(html, /^<!doctype html>/);
    assert.equal(embeddedData(html).rows.length, 3);
  });

  it("edgecall report RUN_DIR --html FILE writes the page and prints its path; bad folders exit 1", () => {
    const target = join(scratch, "named.html");
    const ok = spawnSync(
      process.execPath,
      ["--import", "tsx", cliMain, "report", runDirectory, "--html", target],
      {
        encoding: "utf8",
      },
    );
    assert.equal(ok.status, 0, ok.stderr);
    assert.equal(ok.stdout.trim(), target);
    assert.match(readFileSync(target, "utf8"), /^<!doctype html>/);
    const bad = spawnSync(
      process.execPath,
      ["--import", "tsx", cliMain, "report", join(scratch, "nowhere")],
      {
        encoding: "utf8",
      },
    );
    assert.equal(bad.status, 1);
    assert.match(bad.stderr, /^edgecall: .*nowhere: not a run directory/);
  });
});

describe("edgecall compare-quants", () => {
  it("runs from the command line and prints comparison.json with --json", async () => {
    const failing: Record<string, Set<number>> = {
      a: new Set([5]),
      b: new Set([0, 1, 2, 3, 4, 5]),
      c: new Set([1, 7, 9]),
    };
    const answers = assistantAnswers(12);
    const models = Object.entries(failing).map(([name, fails]) => {
      const path = join(scratch, `${name}.jsonl`);
      writeReplay(
        path,
        answers.map((answer, index) => [answer.id, fails.has(index) ? wrongOutput : answer.right] as const),
      );
      return `replay:${path}`;
    });
    const outcome = await runCliFromSource([
      "compare-quants",
      ...models.flatMap((model) => ["--model", model]),
      "--suite",
      "assistant:single",
      "--limit",
      "12",
      "--out",
      join(scratch, "cli"),
      "--no-progress",
      "--json",
    ]);
    assert.equal(outcome.code, 0, outcome.stderr);
    const document = JSON.parse(outcome.stdout) as QuantComparison;
    assert.equal(document.kind, "quant-comparison");
    assert.equal(document.overall?.paired[0]?.pValue, 0.0625);
    const usage = await runCliFromSource(["compare-quants", "--model", models[0]!, "--suite", "assistant"]);
    assert.equal(usage.code, 2);
    assert.match(usage.stderr, /at least two --model files/);
  });
});

describe("edgecall probe tools", () => {
  /** The first four one-tool requests of assistant:single (parallel_1 calls two tools). */
  const requests = assistantAnswers(12)
    .filter((answer) => answer.id !== "assistant_parallel_1")
    .slice(0, 4);

  it("runs from the command line", async () => {
    const scratch = mkdtempSync(join(tmpdir(), "edgecall-probe-cli-"));
    const script = join(scratch, "model.jsonl");
    writeReplay(
      script,
      requests.slice(0, 2).map((answer) => [`${answer.id}@tools-3`, answer.right] as const),
    );
    const outcome = await runCliFromSource([
      "probe",
      "tools",
      "--model",
      `replay:${script}`,
      "--steps",
      "3",
      "--limit",
      "2",
      "--out",
      scratch,
      "--no-progress",
    ]);
    assert.equal(outcome.code, 0, outcome.stderr);
    assert.match(outcome.stdout, /tools-3\s+3\s+2\s+100\.0%/);
    const bad = await runCliFromSource(["probe", "tools", "--model", `replay:${script}`, "--steps", "0"]);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /--steps: expected whole numbers >= 1/);
  });
});

describe("edgecall suite check", () => {
  // The English scenarios whole; their twins in other languages are checked in slices
  // (src/suites/stateful/multilingual.test.ts) and whole by hand (docs/multilingual.md).
  it("the shipped English scenarios pass suite check whole (every reference; the null model at most 25%)", async () => {
    const outcome = await runCliFromSource(["suite", "check", "assistant:stateful@en", "--json"]);
    assert.equal(outcome.code, 0, outcome.stderr);
    const document = JSON.parse(outcome.stdout) as {
      suites: {
        suite: string;
        samples: number;
        gold: { passed: number; failed: string[] };
        null: { passed: number };
      }[];
    };
    const [check] = document.suites;
    assert.equal(check?.suite, "assistant:stateful@en");
    assert.deepEqual((check as { languages?: unknown } | undefined)?.languages, { en: check?.samples });
    assert.deepEqual(check?.gold.failed, []);
    assert.equal(check?.gold.passed, check?.samples);
    assert.ok((check?.null.passed ?? 0) <= 0.25 * (check?.samples ?? 0), `null passed ${check?.null.passed}`);
    const suite = createStatefulSuite(undefined, { name: "assistant:stateful@en" });
    const samples = (await suite.samples()) as Sample[];
    assert.equal(samples.length, check?.samples);
  });
});

describe("edgecall suite check security:injection --injections", () => {
  it("names the bad line and field of a user's payload file and exits 1", async () => {
    const path = join(scratch, "payloads.jsonl");
    writeFileSync(
      path,
      `${JSON.stringify({ id: "a", carrier: "email", payload: "x", goal: { kind: "payment" } })}\n` +
        `${JSON.stringify({ id: "b", carrier: "web", payload: "x", goal: { kind: "external", to: "nope" } })}\n`,
    );
    const outcome = await runCliFromSource(["suite", "check", "security:injection", "--injections", path]);
    assert.equal(outcome.code, 1);
    assert.match(outcome.stderr, /payloads\.jsonl:2: goal\.to: /);
  });
});
