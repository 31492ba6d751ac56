/**
 * The checks that make a resume safe: a resumed session refuses a different model, different
 * settings, different `--mcp` tools, different suite data, suites that resolved their options
 * differently, or a store holding results the plan does not contain. Each refusal is a usage error saying to start a new run instead.
 */
import { canonicalJson } from "../canonical-json.js";
import { EdgecallError } from "../errors.js";
import { assertSameSettings } from "./eval-settings.js";
import { attemptKey } from "./paired-attempts.js";
import type { ModelProvenance } from "./provenance.js";
import type { ResultStore } from "./result-store.js";
import type { EvalSettings, ExtraToolsRecord, RunRecord, SuiteRecord } from "./run-directory.js";
import type { WorkItem } from "./run-plan.js";
import type { SampleResult } from "./sample-result.js";

function refuse(runDirectory: string, why: string): EdgecallError {
  return new EdgecallError("usage", `--resume ${runDirectory}: ${why}; start a new run instead`, {
    subject: "--resume",
  });
}

/** What this session would record, compared with the original run's record. */
export interface ResumedRun {
  settings: EvalSettings;
  model: ModelProvenance;
  extraTools: ExtraToolsRecord | undefined;
  suites: readonly SuiteRecord[];
}

/** Throws unless this session runs what the original run ran. */
export function assertResumable(runDirectory: string, original: RunRecord, now: ResumedRun): void {
  assertSameSettings(runDirectory, original.settings, now.settings);
  if (original.model.identity !== now.model.identity)
    throw refuse(
      runDirectory,
      `the model differs (was ${original.model.identity}, now ${now.model.identity})`,
    );
  const extraBefore = original.extraTools;
  if (extraBefore?.sha256 !== now.extraTools?.sha256) {
    const describe = (record: ExtraToolsRecord | undefined) =>
      record === undefined ? "none" : record.names.join(", ");
    throw refuse(
      runDirectory,
      `the tools added to every sample (--mcp) differ (were: ${describe(extraBefore)}; now: ${describe(now.extraTools)})`,
    );
  }
  for (const [index, suite] of now.suites.entries()) {
    const before = original.suites[index];
    if (before?.name !== suite.name || before.version !== suite.version)
      throw refuse(
        runDirectory,
        `suite ${suite.name} changed (version was ${before?.version ?? "absent"}, now ${suite.version})`,
      );
    // What the suite resolved from its options (a default that follows the model's format, say);
    // runs written before it was recorded have none to compare.
    if (
      before.settings !== undefined &&
      canonicalJson(before.settings) !== canonicalJson(suite.settings ?? {})
    )
      throw refuse(
        runDirectory,
        `suite ${suite.name} resolved its options differently (was ${canonicalJson(before.settings)}, now ${canonicalJson(suite.settings ?? {})})`,
      );
  }
}

/** The store's results; throws when one of them is for an attempt the plan does not contain. */
export function storedResultsOfPlan(
  runDirectory: string,
  store: ResultStore,
  plan: readonly WorkItem[],
): SampleResult[] {
  const planned = new Set(plan.map((item) => attemptKey({ id: item.sample.id, repeat: item.repeat })));
  const stored = store.all();
  const stranger = stored.find((result) => !planned.has(attemptKey(result)));
  if (stranger !== undefined)
    throw refuse(
      runDirectory,
      `its store holds a result for "${stranger.id}" (repeat ${stranger.repeat}) that this plan does not contain`,
    );
  return stored;
}
