/**
 * Issue 35, item 6, for the sections and pages beyond the category table: on random weights the
 * loops, tool-fault and security figures, the side-by-side charts and speed table of `report
 * --with`, the compare page and `compare`'s terminal text show no score as one: `—` with the
 * reason, counts kept; a difference or McNemar p between runs where either has random weights is
 * noise. Runs with trained weights keep their percentages.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import type { SizingVerdict } from "../compare/sizing-verdict.js";
import { rateFigure } from "../eval/rate-figure.js";
import type { SampleResult } from "../eval/sample-result.js";
import type { EvalSummary } from "../eval/summary.js";
import { instructionFigures } from "../suites/loops/instruction-figures.js";
import { securityFiguresOfRun } from "../suites/security/security-text.js";
import { toolFaultFigures } from "../suites/stateful/tool-fault-figures.js";
import { renderCompareReport } from "./compare-report.js";
import { renderComparison } from "./compare-text.js";
import { figureSection } from "./figure-sections.js";
import { absent, present, tableCells } from "./not-a-score.test-support.js";
import { createReplayRun, type Outcome } from "./report-run.test-support.js";
import { type RunData, readRunData } from "./run-data.js";
import { renderRunReport } from "./run-report.js";
import { sampleBench } from "./sample-bench.test-support.js";
import { sizingSection } from "./sizing-section.js";
import { compareRuns } from "./two-run-comparison.js";

const scratch = mkdtempSync(join(tmpdir(), "edgecall-not-a-score-compare-"));
let runA = "";
let runB = "";

before(async () => {
  const fails =
    (set: Set<number>) =>
    (index: number): Outcome =>
      set.has(index) ? "wrong-argument" : "pass";
  runA = await createReplayRun({
    directory: join(scratch, "a"),
    samples: 30,
    outcome: fails(new Set([1, 3, 5, 7, 9, 11])),
    quantisation: "Q4_0",
    bench: sampleBench("Q4_0", 1),
  });
  runB = await createReplayRun({
    directory: join(scratch, "b"),
    samples: 30,
    outcome: fails(new Set([0, 1, 2])),
    quantisation: "Q8_0",
    bench: sampleBench("Q8_0", 1.7),
  });
});

after(() => rmSync(scratch, { recursive: true, force: true }));

function randomWeights(run: RunData): RunData {
  run.eval!.record.model.randomWeights = true;
  run.eval!.summary.randomWeights = true;
  return run;
}

const noScore = 'title="random weights: not a score"';

describe("report sections on random weights", () => {
  const following = {
    attempts: 10,
    promptStrict: rateFigure(6, 10),
    promptLoose: rateFigure(7, 10),
    instructionStrict: rateFigure(12, 20),
    instructionLoose: rateFigure(14, 20),
    stuckAnswer: rateFigure(1, 10),
    stuckThinking: rateFigure(0, 0),
    hitLimit: rateFigure(3, 10),
    maxTokens: [256],
    sampling: [],
  };
  const faults = {
    scenarios: 4,
    unpaired: 0,
    repeats: 1,
    withoutFaults: rateFigure(3, 4),
    withFaults: rateFigure(2, 4),
    brokenByFaults: 1,
    fixedByFaults: 0,
    byKind: { timeout: rateFigure(2, 4) },
  };
  const summary = { instructionFollowing: following, toolFaults: faults } as unknown as EvalSummary;
  /** A run whose summary holds these blocks, random weights or trained. */
  const withBlocks = (randomWeights: boolean): RunData =>
    ({
      directory: "/runs/x",
      eval: {
        results: [],
        summary: { ...summary, randomWeights },
        record: { settings: {}, model: { randomWeights } },
      },
    }) as unknown as RunData;
  const loopsSection = (noise = false) => figureSection(instructionFigures, [withBlocks(noise)], ["run"]);
  const toolFaultsSection = (noise = false) => figureSection(toolFaultFigures, [withBlocks(noise)], ["run"]);

  it("loops: constraint accuracies read — with counts; stuck and token-limit rates stay", () => {
    const html = loopsSection(true);
    const rows = tableCells(html, "loops-table");
    assert.equal(rows[0]?.[1]?.text, "— (6/10)");
    assert.match(rows[0]?.[1]?.attributes ?? "", new RegExp(noScore));
    assert.equal(rows[3]?.[1]?.text, "— (14/20)");
    assert.match(rows[4]?.[1]?.text ?? "", /^10\.0% .*\(1\/10\)$/, "answer stuck repeating stays");
    assert.match(rows[6]?.[1]?.text ?? "", /^30\.0% .*\(3\/10\)$/, "hit the token limit stays");
    present(html, /—: random weights: not a score/);
    assert.match(tableCells(loopsSection(), "loops-table")[0]?.[1]?.text ?? "", /^60\.0% /);
  });

  it("tool faults: pass^1 reads — with counts", () => {
    const html = toolFaultsSection(true);
    const rows = tableCells(html, "tool-faults-table");
    assert.deepEqual(
      rows.map((row) => row[1]?.text),
      ["— (3/4)", "— (2/4)", "— (2/4)"],
    );
    present(html, /—: random weights: not a score/);
    assert.match(tableCells(toolFaultsSection(), "tool-faults-table")[0]?.[1]?.text ?? "", /^75\.0% /);
  });

  it("security: a random-weight run's rates read — with counts, a trained run's beside it stay", () => {
    const security = (kind: string, utility: boolean, attackReached: boolean) =>
      ({
        id: kind,
        category: kind === "attack" ? "attack:email" : kind,
        scoreDetails: {
          security: {
            kind,
            utility,
            attackReached,
            attempted: attackReached,
            attemptsExecuted: 0,
            confirmationsAsked: 1,
          },
        },
      }) as unknown as SampleResult;
    const results = [
      security("no-attack", true, false),
      security("attack", false, true),
      security("attack", true, false),
    ];
    const run = (random: boolean) =>
      ({
        directory: "/runs/x",
        eval: {
          results,
          summary: { randomWeights: random },
          record: { settings: {}, model: { randomWeights: random } },
        },
      }) as unknown as RunData;
    const html = figureSection(securityFiguresOfRun, [run(true), run(false)], ["random", "trained"]);
    const [random, trained] = tableCells(html, "security-injection");
    assert.deepEqual(
      random?.slice(1).map((cell) => cell.text),
      ["— (1/1)", "— (1/2)", "— (1/2)", "1.00", "n/a"],
    );
    assert.match(random?.[3]?.attributes ?? "", new RegExp(noScore));
    assert.match(trained?.[3]?.text ?? "", /^50\.0% \[.*\] \(1\/2\)$/);
    assert.deepEqual(
      tableCells(html, "security-injection-carriers")[0]
        ?.slice(1)
        .map((cell) => cell.text),
      ["— (1/2)", "50.0% [9.5, 90.5] (1/2)"],
    );
    present(html, /—: random weights: not a score/);
  });
});

describe("the sizing section on random weights", () => {
  it("shows a random-weight file's accuracy as — with n, its reason as the title", () => {
    const file = (label: string, randomWeights: boolean) => ({
      label,
      randomWeights,
      quantisation: "Q8_0",
      fileBytes: 1000,
      accuracy: 0.7,
      ci95: [0.4, 0.9],
      n: 10,
      harnessErrors: 0,
      ttftP90Ms: 9,
      callP90Ms: 50,
      peakMemoryBytes: 2 ** 20,
      memorySource: "eval",
      budgets: {},
    });
    const verdict = {
      kind: "sizing-verdict",
      budgets: {},
      files: [file("random", true), file("trained", false)],
      meeting: [],
      recommended: null,
      reason: "none",
      randomWeights: true,
    } as unknown as SizingVerdict;
    const [random, trained] = tableCells(sizingSection(verdict), "sizing-table");
    assert.equal(random?.[3]?.text, "— n=10");
    assert.match(random?.[3]?.attributes ?? "", new RegExp(noScore));
    assert.match(trained?.[3]?.text ?? "", /^70\.0% \[40\.0%, 90\.0%\] n=10$/);
  });
});

describe("runs side by side and the compare page, with random weights", () => {
  it("report --with: a random-weight run is left out of the side-by-side chart, its accuracy —", () => {
    const trained = readRunData(runA);
    const random = randomWeights(readRunData(runB));
    const html = renderRunReport(trained, { others: [random], generatedAt: "2026-01-01T00:00:00Z" });
    present(html, /<figcaption>Quantisations side by side/);
    present(html, /Left out of the chart: stub-Q8_0\.replay\.jsonl \(random weights: not a score\)/);
    const accuracy = tableCells(html, "speed-memory").find((row) => row[0]?.text === "overall accuracy");
    assert.equal(accuracy?.[1]?.text, "80.0%");
    assert.equal(accuracy?.[2]?.text, "—");
    assert.match(accuracy?.[2]?.attributes ?? "", new RegExp(noScore));
    // Every run random: one line in place of the chart.
    const both = renderRunReport(randomWeights(readRunData(runA)), { others: [random] });
    absent(both, /<figcaption>Quantisations side by side/);
    present(both, /Quantisations side by side: not drawn \(random weights: not a score/);
  });

  it("compare page: a random-weight side reads —, B − A and McNemar p are noise; counts stay", () => {
    const a = readRunData(runA);
    const b = randomWeights(readRunData(runB));
    const html = renderCompareReport(compareRuns(a, b), a, b, "2026-01-01T00:00:00Z");
    const overall = tableCells(html, "categories").at(-1)!;
    assert.equal(overall[0]?.text, "overall");
    assert.equal(overall[1]?.text, "30", "pairs stay");
    assert.match(overall[2]?.text ?? "", /^80\.0% \[/, "A (trained) keeps its accuracy");
    assert.equal(overall[3]?.text, "—");
    assert.match(overall[3]?.attributes ?? "", new RegExp(noScore));
    for (const cell of [overall[4], overall[7]]) {
      assert.equal(cell?.text, "—");
      assert.match(cell?.attributes ?? "", /title="random weights: the difference is noise"/);
    }
    assert.match(overall[5]?.text ?? "", /^\d+$/, "only A is a count");
    present(html, /B has random weights, so B − A and its McNemar p are noise too/);
    present(html, /Left out of the chart: stub-Q8_0\.replay\.jsonl/);
  });

  it("compare page of two trained runs keeps percentages, differences and p-values", () => {
    const a = readRunData(runA);
    const b = readRunData(runB);
    const html = renderCompareReport(compareRuns(a, b), a, b, "2026-01-01T00:00:00Z");
    const overall = tableCells(html, "categories").at(-1)!;
    assert.match(overall[3]?.text ?? "", /^90\.0% \[/);
    assert.match(overall[4]?.text ?? "", /^\+10\.0 pp$/);
    assert.match(overall[7]?.text ?? "", /^\d\.\d+$/);
    absent(html, /not a score|is noise/);
  });

  it("compare's terminal text: — for a random-weight side, its difference and p are noise", () => {
    const a = readRunData(runA);
    const b = randomWeights(readRunData(runB));
    const text = renderComparison(compareRuns(a, b));
    const overall = text.split("\n").find((line) => line.startsWith("overall")) ?? "";
    assert.match(overall, /^overall\s+30\s+80\.0%\s+—\s+—\s+\d+\s+\d+\s+—$/);
    assert.match(
      text,
      /—: random weights: not a score; B − A and McNemar p against a random-weight run are noise/,
    );
    const trained = renderComparison(compareRuns(a, readRunData(runB)));
    assert.match(
      trained.split("\n").find((line) => line.startsWith("overall")) ?? "",
      /80\.0%\s+90\.0%\s+\+10\.0 pp/,
    );
    assert.doesNotMatch(trained, /not a score/);
  });
});
