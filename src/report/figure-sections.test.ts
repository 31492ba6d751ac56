import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { SampleResult } from "../eval/sample-result.js";
import type { FigureOfRun, SuiteFigures } from "../eval/suite-figures.js";
import { figureBlockOf, figureSection, figureSections } from "./figure-sections.js";
import type { RunData } from "./run-data.js";

/** A figure counting passed results, whose section lists each run's view. */
const passedFigure: SuiteFigures<{ passed: number }> = {
  key: "passedCount",
  summarise: ({ results, settings }) =>
    results.length === 0
      ? undefined
      : { passed: results.filter((result) => result.passed).length + (settings?.bonus === 1 ? 100 : 0) },
  terminalLines: () => [],
  htmlSection: (runs: readonly FigureOfRun<{ passed: number }>[]) =>
    runs.every((run) => run.block === undefined)
      ? ""
      : runs
          .map((run) => `${run.label}=${run.block?.passed ?? "none"}${run.randomWeights ? "~" : ""}`)
          .join(","),
};

function run(results: { passed: boolean }[], summary: Record<string, unknown> = {}, bonus?: number): RunData {
  return {
    directory: "/runs/x",
    eval: {
      results: results as SampleResult[],
      summary: { categories: [], repeats: 1, randomWeights: false, ...summary },
      record: { settings: bonus === undefined ? {} : { bonus }, model: {} },
    },
  } as unknown as RunData;
}

describe("figure sections", () => {
  it("take a run's block from its summary, else compute it from its results and settings", () => {
    assert.deepEqual(figureBlockOf(passedFigure, run([{ passed: true }], { passedCount: { passed: 7 } })), {
      passed: 7,
    });
    assert.deepEqual(figureBlockOf(passedFigure, run([{ passed: true }, { passed: false }])), { passed: 1 });
    assert.deepEqual(figureBlockOf(passedFigure, run([{ passed: true }], {}, 1)), { passed: 101 });
    assert.equal(figureBlockOf(passedFigure, run([])), undefined);
    assert.equal(figureBlockOf(passedFigure, { directory: "/runs/bench" } as RunData), undefined);
  });

  it("hand the figure every run's block, labelled, with whether it is noise", () => {
    const random = run([{ passed: false }], { randomWeights: true });
    assert.equal(figureSection(passedFigure, [run([{ passed: true }]), random], ["a", "b"]), "a=1,b=0~");
    assert.equal(figureSection(passedFigure, [run([]), run([])], ["a", "b"]), "");
  });

  it("leave out figures without a section and empty sections", () => {
    const silent: SuiteFigures = { key: "silent", summarise: () => 1, terminalLines: () => ["x"] };
    assert.deepEqual(figureSections([silent, passedFigure], [run([{ passed: true }])], ["a"]), ["a=1"]);
    assert.deepEqual(figureSections([silent, passedFigure], [run([])], ["a"]), []);
  });
});
