/**
 * Writes a test run's run.json, results.jsonl and summary.json from its results, as
 * `edgecall eval` writes them (fixed settings: fc mode, one repeat, seed 0, free decoding).
 */

import { writeRunOutputs } from "../eval/json-reporter.js";
import { edgecallVersion, hostProvenance, type ModelProvenance } from "../eval/provenance.js";
import { type RunRecord, writeRunRecord } from "../eval/run-directory.js";
import type { planRun } from "../eval/run-plan.js";
import type { SampleResult } from "../eval/sample-result.js";
import type { Suite } from "../eval/suite.js";
import { summarise } from "../eval/summary.js";

/** What {@link writeRunFiles} writes from. */
export interface RunFiles {
  directory: string;
  specText: string;
  model: ModelProvenance;
  suites: readonly Suite[];
  plan: Awaited<ReturnType<typeof planRun>>;
  results: SampleResult[];
  format: string;
}

/** Writes run.json, results.jsonl and summary.json as `edgecall eval` does. */
export function writeRunFiles(files: RunFiles): void {
  const { directory, model, suites, plan, results } = files;
  const now = new Date().toISOString();
  const record: RunRecord = {
    edgecallVersion: edgecallVersion(),
    modelSpec: files.specText,
    settings: {
      suites: suites.map((suite) => suite.name),
      suiteOptions: { "bfcl-mode": "fc" },
      limit: null,
      repeats: 1,
      seed: 0,
      temperature: null,
      topP: null,
      topK: null,
      maxTokens: 256,
      decoding: "free",
      toolChoice: "auto",
      format: files.format,
    },
    model,
    suites: suites.map((suite) => ({
      name: suite.name,
      version: suite.version,
      categories: suite.categories,
      ...(suite.settings === undefined ? {} : { settings: suite.settings }),
    })),
    host: hostProvenance(),
    cache: { enabled: false, path: null },
    status: "complete",
    startedAt: now,
    endedAt: now,
    sessions: [
      {
        startedAt: now,
        endedAt: now,
        status: "complete",
        command: ["eval"],
        concurrency: 1,
        completed: results.length,
      },
    ],
  };
  writeRunRecord(directory, record);
  const summary = summarise({
    runDir: directory,
    model,
    results,
    order: plan.map((item) => ({ suite: item.sample.suite, category: item.sample.category })),
    planned: plan.length,
    repeats: 1,
  });
  writeRunOutputs({ runDirectory: directory, summary, results, record });
}
