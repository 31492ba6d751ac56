/**
 * `suite check`: proof that a suite can tell a good model from a useless one. Every sample runs
 * through its suite's real solver and scorer twice: with the reference model (the sample's
 * reference solution replayed; every one must pass) and with the null model (text only, never a
 * call; it must mostly fail), then the suite's counterfeits (near-miss wrong answers it generates
 * per sample; every one must fail, see counterfeit-check.ts). Samples without a reference solution
 * are counted apart.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ModelBackend } from "../backend/model-backend.js";
import {
  type CounterfeitLimit,
  type CounterfeitReport,
  checkCounterfeits,
  defaultCounterfeitLimit,
} from "./counterfeit-check.js";
import { nullBackend, referenceBackend } from "./reference-backend.js";
import { ResultStore } from "./result-store.js";
import { type PlanOptions, planRun } from "./run-plan.js";
import { defaultAgentSettings, runSamples } from "./runner.js";
import type { SampleResult } from "./sample-result.js";
import type { AgentRunSettings } from "./solver.js";
import type { ReferenceOutput, Sample, Suite } from "./suite.js";
import type { CheckRunner } from "./suite-own-check.js";

/** One suite's check. */
export interface SuiteCheck {
  suite: string;
  samples: number;
  /** The reference solutions: how many passed, and the ids (with why) of those that failed. */
  gold: { passed: number; failed: string[]; explanations: Record<string, string> };
  /**
   * The null model: how many samples it passed; with the suite's `nullMayPass`, the ids it passed
   * that it should not have (`unexpected`) and whether those stay within 10% of the samples (`ok`).
   */
  null: { passed: number; unexpected?: string[]; ok?: boolean };
  /** The suite's counterfeits: how many were tried and passed (any pass fails the check); absent when it declares none. */
  counterfeits?: CounterfeitReport;
  /** Samples that have no reference solution (not run with the reference model). */
  withoutReference: string[];
  /** What the suite's own check found wrong (see suite-own-check.ts); absent when it has none. */
  checkFailures?: { id: string; why: string }[];
  /** Fields the suite's own check reports (e.g. `attacks`). */
  [field: string]: unknown;
}

/** The reference outputs of a sample: its own, else the suite's derivation. */
export function referenceFor(suite: Suite, sample: Sample): ReferenceOutput[] | undefined {
  return sample.reference ?? suite.referenceOf?.(sample);
}

/** Where `suite check` is: a stage of a suite starts (with its sample count), or a sample is done. */
export type SuiteCheckProgress =
  | { type: "stage"; suite: string; index: number; suites: number; stage: string; total: number }
  | { type: "sample"; suite: string; id: string; passed: boolean };

/** A stage's progress: told when the stage starts and after each sample. */
interface StageProgress {
  report?: (event: SuiteCheckProgress) => void;
  suite: string;
  index: number;
  suites: number;
  stage: string;
}

function agentStage(agent: AgentRunSettings): string {
  return agent.guards === "off" ? "guards off" : `guards on, confirm ${agent.confirm}`;
}

async function runWith(
  backend: ModelBackend,
  items: Awaited<ReturnType<typeof planRun>>,
  concurrency: number,
  agent: AgentRunSettings = defaultAgentSettings,
  progress?: StageProgress,
): Promise<SampleResult[]> {
  const report = progress?.report;
  if (progress !== undefined && report !== undefined) {
    const { suite, index, suites, stage } = progress;
    report({ type: "stage", suite, index, suites, stage, total: items.length });
  }
  const folder = mkdtempSync(join(tmpdir(), "edgecall-suite-check-"));
  const store = ResultStore.open(join(folder, "results.sqlite"));
  try {
    await runSamples({
      backend,
      items,
      store,
      settings: { seed: 0, maxTokens: 1024, decoding: "free", toolChoice: "auto" },
      agent,
      concurrency,
      ...(report === undefined
        ? {}
        : {
            onResult: (result: SampleResult) =>
              report({ type: "sample", suite: progress?.suite ?? "", id: result.id, passed: result.passed }),
          }),
    });
    return store.all();
  } finally {
    store.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Options of {@link checkSuites}. */
export interface CheckOptions extends PlanOptions {
  /** Samples run at once (default 2). */
  concurrency?: number;
  /** Counterfeits tried per kind and suite (default {@link defaultCounterfeitLimit}); 0: none. */
  counterfeits?: CounterfeitLimit;
  /** Told when each stage of each suite starts and after each sample (progress lines). */
  onProgress?: (event: SuiteCheckProgress) => void;
}

/** Checks each suite. */
export async function checkSuites(suites: readonly Suite[], options: CheckOptions): Promise<SuiteCheck[]> {
  const checks: SuiteCheck[] = [];
  for (const [index, suite] of suites.entries()) {
    const stage = (name: string): StageProgress => ({
      ...(options.onProgress === undefined ? {} : { report: options.onProgress }),
      suite: suite.name,
      index,
      suites: suites.length,
      stage: name,
    });
    const items = await planRun([suite], { ...options, repeats: 1 });
    const samples = items.map((item) => item.sample);
    const withReference = items.filter((item) => referenceFor(suite, item.sample) !== undefined);
    const gold = await runWith(
      referenceBackend(samples, (sample) => referenceFor(suite, sample)),
      withReference,
      options.concurrency ?? 2,
      defaultAgentSettings,
      stage("reference solutions"),
    );
    const none = await runWith(
      nullBackend(),
      items,
      options.concurrency ?? 2,
      defaultAgentSettings,
      stage("null model"),
    );
    const byId = new Map(samples.map((sample) => [sample.id, sample]));
    for (const result of gold) {
      const why = result.passed ? suite.checkReference?.(result) : undefined;
      if (why !== undefined) {
        result.passed = false;
        result.explanation = why;
      }
    }
    const failed = gold.filter((result) => !result.passed);
    const nullPassed = none.filter((result) => result.passed);
    const mayPass = suite.nullMayPass;
    const unexpected =
      mayPass === undefined
        ? undefined
        : nullPassed
            .filter((result) => {
              const sample = byId.get(result.id);
              return sample === undefined || !mayPass(sample);
            })
            .map((result) => result.id);
    const runner = (name: string): CheckRunner => {
      let runs = 0;
      return {
        run: (backend, chosen, agent) => {
          const wanted = new Set(chosen.map((sample) => sample.id));
          runs += 1;
          return runWith(
            backend,
            items.filter((item) => wanted.has(item.sample.id)),
            options.concurrency ?? 2,
            agent,
            stage(name === "own check" ? `${name} ${runs} (${agentStage(agent)})` : `${name} ${runs}`),
          );
        },
      };
    };
    const own = suite.check === undefined ? undefined : await suite.check(samples, runner("own check"));
    const counterfeitLimit = options.counterfeits ?? defaultCounterfeitLimit;
    const counterfeitRunner = runner("counterfeits, round");
    const counterfeits =
      counterfeitLimit === 0
        ? { report: undefined, failures: [] }
        : await checkCounterfeits(suite, samples, counterfeitLimit, (backend, chosen) =>
            counterfeitRunner.run(backend, chosen, defaultAgentSettings),
          );
    const checkFailures = [...(own?.failures ?? []), ...counterfeits.failures];
    checks.push({
      suite: suite.name,
      samples: items.length,
      gold: {
        passed: gold.length - failed.length,
        failed: failed.map((result) => result.id),
        explanations: Object.fromEntries(failed.map((result) => [result.id, result.explanation])),
      },
      null: {
        passed: nullPassed.length,
        ...(unexpected === undefined ? {} : { unexpected, ok: unexpected.length <= 0.1 * items.length }),
      },
      ...(counterfeits.report === undefined ? {} : { counterfeits: counterfeits.report }),
      withoutReference: items.filter((item) => !withReference.includes(item)).map((item) => item.sample.id),
      ...(own === undefined ? {} : own.report),
      ...(own === undefined && checkFailures.length === 0 ? {} : { checkFailures }),
    });
  }
  return checks;
}
