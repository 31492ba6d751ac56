import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import {
  bfclDir,
  hasBfcl,
  noBfclMessage,
  onlyRunDirectory,
  runCliFromSource,
  writeBfclReplay,
} from "./eval-cli.test-support.js";

const scratch = mkdtempSync(join(tmpdir(), "edgecall-eval-cli-"));

interface EvalDocument {
  runDir: string;
  model: { identity: string; randomWeights: boolean; kind: string };
  categories: {
    suite: string;
    category: string;
    n: number;
    passed: number;
    accuracy: number;
    ci95: [number, number];
  }[];
  overall: { n: number; passed: number; accuracy: number; ci95: [number, number] };
  complete: boolean;
  lengthRate: number;
  stuckRate: number;
  parseFailures: { format: string; n: number; failures: number }[];
}

describe("edgecall eval: usage", () => {
  it("an unknown suite is a usage error listing the valid names", async () => {
    const outcome = await runCliFromSource(["eval", "--model", "demo", "--suite", "bfcl:simple_pyton"]);
    assert.equal(outcome.code, 2);
    assert.match(
      outcome.stderr,
      /^edgecall: --suite: unknown suite "bfcl:simple_pyton"; did you mean "bfcl:simple_python".* valid suites: .*bfcl:simple_python.*assistant:single.*groups: .*bfcl:non_live/,
    );
  });

  it("BFCL suites need --bfcl-dir; eval needs a model", async () => {
    const noDir = await runCliFromSource(["eval", "--model", "demo", "--suite", "bfcl:live"]);
    assert.equal(noDir.code, 2);
    assert.match(noDir.stderr, /--bfcl-dir/);
    const noModel = await runCliFromSource(["eval", "--suite", "assistant"]);
    assert.equal(noModel.code, 2);
    assert.match(noModel.stderr, /eval needs --model/);
  });
});

describe("edgecall eval on BFCL with a replayed model", { skip: hasBfcl ? false : noBfclMessage }, () => {
  it("scores all of bfcl:simple_python and prints the CLI contract's eval document", async () => {
    const replay = join(scratch, "simple.jsonl");
    writeBfclReplay(replay, "simple_python", 400);
    const out = join(scratch, "full");
    const outcome = await runCliFromSource([
      "eval",
      "--model",
      `replay:${replay}`,
      "--suite",
      "bfcl:simple_python",
      "--bfcl-dir",
      "../shared/data/bfcl-v4",
      "--out",
      out,
      "--json",
      "--fail-under",
      "0.9",
    ]);
    // Every fifth reply drops its arguments (80 fail), and the helper's naive replies fail 4 entries whose
    // answers nest dicts of options (simple_python_96, 200, 260, 337): 316 pass.
    assert.equal(outcome.code, 100, "79% is below --fail-under 0.9");
    assert.match(outcome.stderr, /overall accuracy 79\.0% is below --fail-under 0\.9/);
    const document = JSON.parse(outcome.stdout) as EvalDocument;
    const runDirectory = onlyRunDirectory(out);
    assert.equal(document.runDir, runDirectory);
    assert.match(document.model.identity, /^replay:sha256:[0-9a-f]{64}$/);
    assert.deepEqual(
      document.categories.map(({ suite, category, n, passed }) => ({ suite, category, n, passed })),
      [{ suite: "bfcl:simple_python", category: "simple_python", n: 400, passed: 316 }],
    );
    // Wilson 95% for 316/400, computed by hand: centre 0.7872, half-width 0.0398.
    const [lower, upper] = document.categories[0]?.ci95 ?? [0, 0];
    assert.ok(Math.abs(lower - 0.7474) < 1e-4 && Math.abs(upper - 0.8271) < 1e-4, `${lower}, ${upper}`);
    assert.equal(document.overall.accuracy, 0.79);
    assert.equal(document.complete, true);
    assert.deepEqual(document.parseFailures, [{ format: "json", n: 400, failures: 0, rate: 0 }]);
    assert.deepEqual(JSON.parse(readFileSync(join(runDirectory, "summary.json"), "utf8")), document);
    const lines = readFileSync(join(runDirectory, "results.jsonl"), "utf8").trim().split("\n");
    assert.equal(lines.length, 400);
    const first = JSON.parse(lines[0] as string) as Record<string, unknown>;
    for (const field of [
      "id",
      "suite",
      "category",
      "repeat",
      "rawText",
      "calls",
      "passed",
      "explanation",
      "errorType",
      "usage",
      "timing",
      "finishReason",
    ])
      assert.ok(field in first, `results.jsonl has ${field}`);
    const run = JSON.parse(readFileSync(join(runDirectory, "run.json"), "utf8")) as Record<string, unknown>;
    assert.equal(run.status, "complete");
    // The mode the BFCL suite resolved (fc: the replay's format is not pythonic), in its entry.
    assert.deepEqual((run.suites as { settings?: unknown }[])[0]?.settings, { mode: "fc" });
  });

  it("prompt mode (the default for a pythonic format) decodes BFCL-style text calls", async () => {
    const replay = join(scratch, "prompt.jsonl");
    writeFileSync(
      replay,
      [
        { id: "simple_python_0", output: "[calculate_triangle_area(base=10, height=5)]" },
        { id: "simple_python_1", output: "[math.factorial(number=5)]" },
        { id: "simple_python_2", output: "[math.hypot(x=4, y=5" },
      ]
        .map((line) => JSON.stringify(line))
        .join("\n"),
    );
    const out = join(scratch, "prompt");
    const outcome = await runCliFromSource([
      "eval",
      "--model",
      `replay:${replay}`,
      "--format",
      "pythonic",
      "--suite",
      "bfcl:simple_python",
      "--bfcl-dir",
      bfclDir,
      "--limit",
      "3",
      "--out",
      out,
      "--json",
      "--fail-under-each",
      "0.6",
    ]);
    assert.equal(outcome.code, 0, outcome.stderr);
    const document = JSON.parse(outcome.stdout) as EvalDocument;
    assert.equal(document.overall.passed, 2);
    assert.deepEqual(document.parseFailures, [{ format: "bfcl-prompt", n: 3, failures: 1, rate: 1 / 3 }]);
    const run = JSON.parse(readFileSync(join(onlyRunDirectory(out), "run.json"), "utf8")) as {
      suites: { settings?: unknown }[];
    };
    assert.deepEqual(run.suites[0]?.settings, { mode: "prompt" });
  });

  it("score bfcl scores result lines with the checker", async () => {
    const results = join(scratch, "results.jsonl");
    writeFileSync(
      results,
      [
        { id: "simple_python_1", result: "[math.factorial(number=5)]" },
        { id: "simple_python_2", result: [{ "math.hypot": { x: 4, y: 6 } }] },
      ]
        .map((line) => JSON.stringify(line))
        .join("\n"),
    );
    const outcome = await runCliFromSource([
      "score",
      "bfcl",
      "--bfcl-dir",
      bfclDir,
      "--results",
      results,
      "--json",
    ]);
    assert.equal(outcome.code, 0, outcome.stderr);
    const report = JSON.parse(outcome.stdout) as {
      categories: { suite: string; n: number; passed: number }[];
      verdicts: { id: string; valid: boolean; errorType: string | null }[];
    };
    assert.deepEqual(
      report.categories.map(({ suite, n, passed }) => ({ suite, n, passed })),
      [{ suite: "bfcl:simple_python", n: 2, passed: 1 }],
    );
    assert.deepEqual(
      report.verdicts.map(({ id, valid, errorType }) => ({ id, valid, errorType })),
      [
        { id: "simple_python_1", valid: true, errorType: null },
        { id: "simple_python_2", valid: false, errorType: "value_error:others" },
      ],
    );
  });
});

describe("edgecall eval on the demo model", () => {
  it("runs assistant:single --limit 20 end to end, labelled random weights", {
    timeout: 180_000,
  }, async () => {
    const out = join(scratch, "demo");
    const outcome = await runCliFromSource(
      [
        "eval",
        "--model",
        "demo",
        "--suite",
        "assistant:single",
        "--limit",
        "20",
        "--threads",
        "1",
        "--max-tokens",
        "24",
        "--cache-dir",
        join(scratch, "cache"),
        "--out",
        out,
        "--json",
      ],
      {},
      170_000,
    );
    assert.equal(outcome.code, 0, outcome.stderr);
    const document = JSON.parse(outcome.stdout) as EvalDocument;
    assert.equal(document.model.randomWeights, true);
    assert.equal(document.overall.n, 20);
    assert.deepEqual(
      document.categories.map((category) => category.category),
      ["simple", "multiple", "parallel"],
    );
    assert.match(document.model.identity, /^gguf:sha256:[0-9a-f]{64}$/);
    const run = JSON.parse(readFileSync(join(onlyRunDirectory(out), "run.json"), "utf8")) as {
      model: { chatTemplateSha256: string; architecture: string };
    };
    assert.match(run.model.chatTemplateSha256, /^[0-9a-f]{64}$/);
    assert.equal(typeof run.model.architecture, "string");
  });
});
