import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { SampleResult } from "../../eval/sample-result.js";
import type { SuiteFigures } from "../../eval/suite-figures.js";
import { instructionFigures } from "../loops/instruction-figures.js";
import { toolFaultFigures } from "./tool-fault-figures.js";
import { toolFaultSummary } from "./tool-fault-summary.js";

/** A figure's section of one trained run with this block, as the report asks for it. */
function section<Block>(figure: SuiteFigures<Block>, block: Block | undefined): string {
  return figure.htmlSection?.([{ label: "run", block, randomWeights: false }]) ?? "";
}

function result(id: string, repeat: number, passed: boolean, kind?: string): SampleResult {
  return {
    id,
    repeat,
    passed,
    metadata:
      kind === undefined ? {} : { augmentation: "tool-faults", toolFaults: [{ tool: "x", kind, call: 1 }] },
  } as unknown as SampleResult;
}

describe("tool-fault figures", () => {
  // a: passes always; b: passes without faults, fails once with; c: fails without, passes with.
  const results = [
    ...[0, 1, 2].map((repeat) => result("a", repeat, true)),
    ...[0, 1, 2].map((repeat) => result("a@tool-faults", repeat, true, "timeout")),
    ...[0, 1, 2].map((repeat) => result("b", repeat, true)),
    ...[0, 1, 2].map((repeat) => result("b@tool-faults", repeat, repeat !== 1, "truncated")),
    ...[0, 1, 2].map((repeat) => result("c", repeat, repeat === 0)),
    ...[0, 1, 2].map((repeat) => result("c@tool-faults", repeat, true, "timeout")),
    result("d@tool-faults", 0, true, "server-error"),
  ];

  it("pairs each faulted copy with its own scenario", () => {
    const summary = toolFaultSummary(results, 3);
    assert.ok(summary);
    assert.equal(summary.scenarios, 3);
    assert.equal(summary.unpaired, 1, "d has no original in the run");
    assert.deepEqual([summary.withoutFaults.count, summary.withoutFaults.n], [7, 9]);
    assert.deepEqual([summary.withFaults.count, summary.withFaults.n], [8, 9]);
    assert.equal(summary.brokenByFaults, 1);
    assert.equal(summary.fixedByFaults, 1);
    assert.deepEqual(Object.keys(summary.byKind), ["timeout", "truncated"]);
    assert.equal(summary.byKind.truncated?.count, 2);
    // pass^3: without faults a and b pass all three (2/3); with faults a and c (2/3).
    assert.equal(summary.passHatK?.withoutFaults.k, 3);
    assert.ok(Math.abs((summary.passHatK?.withoutFaults.value ?? 0) - 2 / 3) < 1e-9);
    assert.ok(Math.abs((summary.passHatK?.withFaults.value ?? 0) - 2 / 3) < 1e-9);
  });

  it("is absent without faulted copies, and without repeats has no pass^k", () => {
    assert.equal(toolFaultSummary([result("a", 0, true)], 1), undefined);
    const single = toolFaultSummary([result("a", 0, true), result("a@tool-faults", 0, false, "timeout")], 1);
    assert.equal(single?.passHatK, undefined);
    assert.equal(single?.brokenByFaults, 1);
  });

  it("the report shows both arms, and the loop figures with their budget and sampling", () => {
    const faults = section(toolFaultFigures, toolFaultSummary(results, 3));
    assert.match(
      faults,
      /<td>without faults<\/td><td class="num">77\.8% [^<]*\(7\/9\)<\/td><td class="num">66\.7%/,
    );
    assert.match(faults, /<td>with faults<\/td><td class="num">88\.9% [^<]*\(8\/9\)/);
    assert.match(faults, /1 faulted copies without their scenario/);
    assert.equal(section(toolFaultFigures, undefined), "");
    const figure = (count: number, n: number) => ({
      n,
      count,
      rate: count / n,
      ci95: [0, 1] as [number, number],
    });
    const loops = section(instructionFigures, {
      attempts: 4,
      promptStrict: figure(1, 4),
      promptLoose: figure(2, 4),
      instructionStrict: figure(3, 8),
      instructionLoose: figure(4, 8),
      stuckAnswer: figure(1, 4),
      stuckThinking: figure(0, 0),
      hitLimit: figure(1, 4),
      maxTokens: [8192],
      sampling: [{ temperature: 0 }],
    });
    assert.match(loops, /max tokens 8192 · sampling \{&quot;temperature&quot;:0\}/);
    assert.match(loops, /<td>answer stuck repeating<\/td><td class="num">25\.0% [^<]*\(1\/4\)/);
    assert.match(loops, /thinking stuck repeating \(replies with thinking\)<\/td><td class="num">n\/a/);
  });
});
