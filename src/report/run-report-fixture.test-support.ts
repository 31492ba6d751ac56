/**
 * What the run-report tests share: the scripted run they read (30 single-call samples and 6
 * irrelevance samples, with a set of failures the tests count on) and a reader for the data a
 * report page embeds.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before } from "node:test";
import { createReplayRun, type Outcome } from "./report-run.test-support.js";
import { sampleBench } from "./sample-bench.test-support.js";
import type { SampleView } from "./sample-view.js";

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

/**
 * A scratch folder for one test file, made now and removed after its tests, with the scripted run
 * (an agent transcript on sample 0, a bench.json) made in its "run" folder before them.
 */
export function scriptedRunFixture(prefix: string): { scratch: string; runDirectory: string } {
  const scratch = mkdtempSync(join(tmpdir(), prefix));
  const runDirectory = join(scratch, "run");
  before(async () => {
    await createReplayRun({
      directory: runDirectory,
      samples: 30,
      irrelevant: 6,
      outcome,
      agentTranscript: true,
      bench: sampleBench("Q4_0", 1),
    });
  });
  after(() => rmSync(scratch, { recursive: true, force: true }));
  return { scratch, runDirectory };
}

/** The data a report page embeds for its script. */
export function embeddedData(html: string): { mode: string; categories: string[]; rows: SampleView[] } {
  const match = /<script id="report-data" type="application\/json">([\s\S]*?)<\/script>/.exec(html);
  assert.ok(match?.[1], "the page embeds its data");
  return JSON.parse(match[1]);
}
