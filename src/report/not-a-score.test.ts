/**
 * Issue 35, item 6: on random weights, report.html shows no accuracy-like figure as a score. Each
 * reads `—` with the reason (a title and a caption line), the accuracy chart is a one-line note,
 * and counts, parse failures, stuck and token-limit rates and speeds stay. A run with trained
 * weights still shows its percentages and chart.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { absent, present, tableCells } from "./not-a-score.test-support.js";
import { readRunData } from "./run-data.js";
import { renderRunReport } from "./run-report.js";
import { scriptedRunFixture } from "./run-report-fixture.test-support.js";

const { runDirectory } = scriptedRunFixture("edgecall-not-a-score-");

function randomWeightRun() {
  const run = readRunData(runDirectory);
  run.eval!.record.model.randomWeights = true;
  run.eval!.summary.randomWeights = true;
  return run;
}

describe("report.html of a random-weight run", () => {
  it("reads — with the reason for accuracy, its interval and macro accuracy; counts stay", () => {
    const html = renderRunReport(randomWeightRun(), { generatedAt: "2026-01-01T00:00:00Z" });
    const rows = tableCells(html, "categories");
    assert.equal(rows.length, 5);
    for (const row of rows) {
      const [, n, errors, passed, accuracy, interval, parse, stuck, limit] = row;
      assert.match(n?.text ?? "", /^\d+$/, "n is kept");
      assert.match(errors?.text ?? "", /^\d+$/, "harness errors are kept");
      assert.match(passed?.text ?? "", /^\d+$/, "passed is kept");
      for (const cell of [accuracy, interval]) {
        assert.equal(cell?.text, "—");
        assert.match(cell?.attributes ?? "", /title="random weights: not a score"/);
      }
      assert.match(parse?.text ?? "", /^\d+\/\d+$/, "parse failures are kept");
      assert.match(stuck?.text ?? "", /%$/, "the stuck rate is a measurement");
      assert.match(limit?.text ?? "", /%$/, "the token-limit rate is a measurement");
    }
    const overall = rows.at(-1)!;
    assert.deepEqual(
      overall.slice(0, 4).map((cell) => cell.text),
      ["overall", "36", "1", "28"],
    );
    absent(html, /macro accuracy \d/);
    present(html, /macro accuracy <span class="not-a-score" title="random weights: not a score">—<\/span>/);
    present(html, /—: random weights: not a score\. What passed on random weights is chance/);
  });

  it("replaces the accuracy chart by a one-line note and keeps the speed charts", () => {
    const html = renderRunReport(randomWeightRun(), { generatedAt: "2026-01-01T00:00:00Z" });
    absent(html, /<figcaption>Accuracy by category/);
    present(html, /Accuracy by category: not drawn \(random weights: not a score/);
    present(html, /<figcaption>Bench: prefill speed by prompt length/);
  });
});

describe("report.html of a run with trained weights", () => {
  it("shows accuracy as percentages, macro accuracy and the accuracy chart", () => {
    const html = renderRunReport(readRunData(runDirectory), { generatedAt: "2026-01-01T00:00:00Z" });
    const overall = tableCells(html, "categories").at(-1)!;
    assert.deepEqual(
      overall.slice(0, 6).map((cell) => cell.text),
      ["overall", "36", "1", "28", "80.0%", "[64.1, 90.0]"],
    );
    present(html, /macro accuracy \d+\.\d%/);
    present(html, /<figcaption>Accuracy by category/);
    absent(html, /not a score/);
  });
});
