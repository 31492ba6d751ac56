import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { isEdgecallError } from "../errors.js";
import { wilsonInterval } from "../stats/wilson.js";
import { bfclCategoryOfId, resolveBfclSuites } from "./categories.js";
import { scoreBfclResults } from "./score.js";

const doc = (name: string) => ({
  name,
  description: "Adds.",
  parameters: {
    type: "dict",
    properties: { a: { type: "integer" }, scale: { type: "float" } },
    required: ["a"],
  },
});

/** A small BFCL data folder: a few entries in several categories. */
function makeBfclDir(): string {
  const directory = mkdtempSync(join(tmpdir(), "edgecall-bfcl-"));
  mkdirSync(join(directory, "possible_answer"));
  const write = (category: string, count: number, withAnswers: boolean) => {
    const ids = Array.from({ length: count }, (_, index) =>
      category.startsWith("live") ? `${category}_${index}-0-0` : `${category}_${index}`,
    );
    writeFileSync(
      join(directory, `BFCL_v4_${category}.json`),
      ids
        .map((id) =>
          JSON.stringify({ id, question: [[{ role: "user", content: "add" }]], function: [doc("math.add")] }),
        )
        .join("\n"),
    );
    if (withAnswers) {
      writeFileSync(
        join(directory, "possible_answer", `BFCL_v4_${category}.json`),
        ids
          .map((id) => `{"id": "${id}", "ground_truth": [{"math.add": {"a": [1], "scale": [2.0, ""]}}]}`)
          .join("\n"),
      );
    }
  };
  for (const category of [
    "simple_python",
    "simple_java",
    "simple_javascript",
    "multiple",
    "parallel",
    "parallel_multiple",
    "live_simple",
    "live_multiple",
    "live_parallel",
    "live_parallel_multiple",
  ])
    write(category, 4, true);
  for (const category of ["irrelevance", "live_irrelevance", "live_relevance"]) write(category, 2, false);
  return directory;
}

const bfclDir = makeBfclDir();

function resultsFile(lines: string[]): string {
  const path = join(mkdtempSync(join(tmpdir(), "edgecall-results-")), "results.jsonl");
  writeFileSync(path, `${lines.join("\n")}\n`);
  return path;
}

test("categories, verdicts and Wilson intervals from a results file", () => {
  const path = resultsFile([
    '{"id": "simple_python_0", "result": "[math.add(a=1)]"}',
    '{"id": "simple_python_1", "result": [{"math.add": {"a": 1, "scale": 2.0}}]}',
    '{"id": "simple_python_2", "result": [{"math.add": {"a": 1.0}}]}',
    "",
    '{"id": "irrelevance_0", "result": "I cannot do that."}',
    '{"id": "irrelevance_1", "result": "[math.add(a=1)]"}',
  ]);
  const report = scoreBfclResults({ bfclDir, resultsPath: path });
  assert.deepEqual(
    report.categories.map(({ suite, n, passed, total }) => ({ suite, n, passed, total })),
    [
      { suite: "bfcl:simple_python", n: 3, passed: 2, total: 4 },
      { suite: "bfcl:irrelevance", n: 2, passed: 1, total: 2 },
    ],
  );
  assert.deepEqual(report.categories[0]?.ci95, wilsonInterval(2, 3));
  assert.equal(report.categories[0]?.accuracy, 2 / 3);
  assert.deepEqual(
    report.verdicts.map(({ id, valid, errorType }) => ({ id, valid, errorType })),
    [
      { id: "simple_python_0", valid: true, errorType: null },
      { id: "simple_python_1", valid: true, errorType: null },
      // 1.0 in the results file is a float, not the int the integer parameter needs.
      { id: "simple_python_2", valid: false, errorType: "type_error:simple" },
      { id: "irrelevance_0", valid: true, errorType: null },
      { id: "irrelevance_1", valid: false, errorType: "irrelevance_error:decoder_success" },
    ],
  );
});

test("summaries: only what every component allows; BFCL overall needs all five weighted parts", () => {
  const pass = (id: string) => ({ id, result: "[math.add(a=1)]" });
  const fail = (id: string) => ({ id, result: "[math.add(a=2)]" });
  const results = [
    pass("live_simple_0-0-0"),
    pass("live_simple_1-0-0"),
    fail("live_multiple_0-0-0"),
    pass("live_parallel_0-0-0"),
    fail("live_parallel_multiple_0-0-0"),
    pass("simple_python_0"),
    { id: "irrelevance_0", result: "No." },
    { id: "live_irrelevance_0-0-0", result: "[math.add(a=1)]" },
  ];
  const report = scoreBfclResults({ bfclDir, results });
  const [nonLive, live, hallucination, multiTurn, , , , overall] = report.aggregates;
  assert.equal(nonLive?.accuracy, null);
  assert.deepEqual(nonLive?.missing, [
    "bfcl:simple_java",
    "bfcl:simple_javascript",
    "bfcl:multiple",
    "bfcl:parallel",
    "bfcl:parallel_multiple",
  ]);
  assert.equal(live?.method, "count-weighted-mean");
  assert.equal(live?.accuracy, 3 / 5);
  assert.equal(live?.n, 5);
  assert.equal(live?.partial, true);
  assert.equal(hallucination?.accuracy, 0.5);
  assert.equal(overall?.suite, "bfcl:overall");
  assert.equal(overall?.accuracy, null);
  assert.deepEqual(overall?.missing, ["bfcl:non_live", "bfcl:multi_turn", "bfcl:agentic"]);
  assert.deepEqual(overall?.scoredParts, ["bfcl:live", "bfcl:hallucination"]);
  assert.equal(overall?.overScoredParts, (10 * (3 / 5) + 10 * 0.5) / 20);
  assert.equal(multiTurn?.suite, "bfcl:multi_turn");
  assert.ok(multiTurn?.missing.includes("bfcl:multi_turn_base"));
});

test("non-live is the unweighted mean over simple (itself a mean of three), multiple, parallel, parallel multiple", () => {
  const categories = [
    "simple_python",
    "simple_java",
    "simple_javascript",
    "multiple",
    "parallel",
    "parallel_multiple",
  ];
  const results = categories.flatMap((category) =>
    [0, 1, 2, 3].map((index) => ({ id: `${category}_${index}`, result: "[]" })),
  );
  // Make simple_python 4/4 and multiple 2/4; all else 0.
  for (const index of [0, 1, 2, 3]) (results[index] as { result: string }).result = "[math.add(a=1)]";
  for (const index of [12, 13]) (results[index] as { result: string }).result = "[math.add(a=1)]";
  const report = scoreBfclResults({ bfclDir, results });
  const nonLive = report.aggregates[0];
  assert.equal(nonLive?.accuracy, (1 / 3 + 0.5 + 0 + 0) / 4);
  assert.deepEqual(nonLive?.missing, []);
  assert.equal(nonLive?.partial, false);
});

test("fcNames compares math_add with math.add", () => {
  const results = [{ id: "simple_python_0", result: "[math_add(a=1)]" }];
  assert.equal(
    scoreBfclResults({ bfclDir, results }).verdicts[0]?.errorType,
    "simple_function_checker:wrong_func_name",
  );
  assert.equal(scoreBfclResults({ bfclDir, results, fcNames: true }).verdicts[0]?.valid, true);
});

test("harness errors name the file and line", () => {
  const cases: Array<[string[], RegExp]> = [
    [['{"id": "simple_python_0", "result": "[]"}', "{not json"], /results\.jsonl:2: not valid JSON/],
    [['{"result": "[]"}'], /results\.jsonl:1: a result line needs a string "id"/],
    [['{"id": "simple_python_0"}'], /results\.jsonl:1: result line for "simple_python_0" has no "result"/],
    [['{"id": "simple_python_99", "result": "[]"}'], /results\.jsonl:1: unknown BFCL id "simple_python_99"/],
    [
      ['{"id": "web_search_base_0", "result": "[]"}'],
      /results\.jsonl:1: "web_search_base_0" is not an id of a BFCL category edgecall scores/,
    ],
    [
      ['{"id": "simple_python_0", "result": "[]"}', '{"id": "simple_python_0", "result": "[]"}'],
      /results\.jsonl:2: duplicate result for "simple_python_0" \(first at .*results\.jsonl:1\)/,
    ],
  ];
  for (const [lines, message] of cases) {
    assert.throws(
      () => scoreBfclResults({ bfclDir, resultsPath: resultsFile(lines) }),
      (error: unknown) => isEdgecallError(error) && message.test(error.message),
    );
  }
  assert.throws(
    () => scoreBfclResults({ bfclDir, resultsPath: join(bfclDir, "missing.jsonl") }),
    (error: unknown) => isEdgecallError(error, "file-not-found"),
  );
  const emptyDir = mkdtempSync(join(tmpdir(), "edgecall-bfcl-empty-"));
  assert.throws(
    () => scoreBfclResults({ bfclDir: emptyDir, results: [{ id: "simple_python_0", result: "[]" }] }),
    (error: unknown) =>
      isEdgecallError(error, "file-not-found") && /BFCL_v4_simple_python\.json/.test(error.message),
  );
});

test("suite names and groups resolve to categories", () => {
  assert.deepEqual(resolveBfclSuites(["bfcl:live_simple", "bfcl:simple_java"]), [
    "simple_java",
    "live_simple",
  ]);
  assert.deepEqual(resolveBfclSuites(["bfcl:hallucination"]), [
    "irrelevance",
    "live_irrelevance",
    "live_relevance",
  ]);
  assert.equal(resolveBfclSuites(["bfcl:non_live", "bfcl:live"]).length, 13);
  assert.equal(resolveBfclSuites(["bfcl:single_turn"]).length, 13);
  assert.throws(
    () => resolveBfclSuites(["bfcl:multi_turn_base"]),
    (error: unknown) => isEdgecallError(error, "usage"),
  );
  assert.throws(
    () => resolveBfclSuites(["constructor"]),
    (error: unknown) => isEdgecallError(error, "usage"),
  );
  assert.equal(bfclCategoryOfId("live_parallel_multiple_3-1-0"), "live_parallel_multiple");
  assert.equal(bfclCategoryOfId("parallel_7"), "parallel");
  assert.equal(bfclCategoryOfId("web_search_3"), undefined);
});
