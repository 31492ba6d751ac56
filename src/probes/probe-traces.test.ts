import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { isEdgecallError } from "../errors.js";
import { traceIds, writeTraceFile } from "../suites/traces/traces.test-support.js";
import { loadBaseRequests } from "./base-requests.js";
import { runProbe } from "./run-probe.js";

describe("probes on a traces suite", () => {
  const scratch = mkdtempSync(join(tmpdir(), "edgecall-probe-traces-"));
  const traces = writeTraceFile(scratch);
  const suite = `traces:${traces}`;
  const [call, , parallel, pair] = traceIds("team.jsonl").map((entry) => entry.id);

  it("takes the trace's call turns as base requests, one tool each for the tool-count probe", () => {
    const { requests, suite: name } = loadBaseRequests({ singleTool: true, suite });
    assert.equal(name, suite);
    assert.deepEqual(
      requests.map((request) => [request.sample.id, request.rightTools]),
      [
        [call, ["get_weather"]],
        [parallel, ["get_weather"]],
        [pair, ["convert_currency"]],
      ],
    );
    assert.throws(
      () => loadBaseRequests({ singleTool: true, suite: "assistant:irrelevance" }),
      (error: unknown) => isEdgecallError(error, "usage"),
    );
  });

  it("scores each step with the traces scorer, as hand-computed", async () => {
    const right: Record<string, string> = {
      [call!]: JSON.stringify([{ name: "get_weather", arguments: { city: "Paris" } }]),
      [parallel!]: JSON.stringify([
        { name: "get_weather", arguments: { city: "Rome", unit: "fahrenheit" } },
        { name: "get_weather", arguments: { city: "Berlin", unit: "fahrenheit" } },
      ]),
      [pair!]: JSON.stringify([
        { name: "convert_currency", arguments: { amount: 100, from: "USD", to: "EUR" } },
      ]),
    };
    // Right at 1 tool; at 5 tools the currency turn calls the wrong tool: 3/3, then 2/3.
    const lines = [1, 5].flatMap((count) =>
      Object.entries(right).map(([id, output]) => ({
        id: `${id}@tools-${count}`,
        output:
          count === 5 && id === pair
            ? JSON.stringify([{ name: "get_weather", arguments: { city: "USD" } }])
            : output,
      })),
    );
    const script = join(scratch, "model.jsonl");
    writeFileSync(script, lines.map((line) => `${JSON.stringify(line)}\n`).join(""));
    const outcome = await runProbe({
      kind: "tools",
      model: `replay:${script}`,
      suite,
      steps: [1, 5],
      out: scratch,
      progress: false,
    });
    const { probe } = outcome.summary;
    assert.equal(probe.baseSuite, suite);
    assert.equal(probe.baseRequests, 3);
    assert.deepEqual(
      probe.steps.map((entry) => [entry.category, entry.n, entry.passed]),
      [
        ["tools-1", 3, 3],
        ["tools-5", 3, 2],
      ],
    );
  });
});
