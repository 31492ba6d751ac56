/**
 * Stateful runs for report tests: a real `assistant:stateful` run through the conversation solver
 * with the reference or the null model, and a result of it made hostile (markup in every text)
 * and eventful (an unreadable call, a blocked one, a declined confirmation, a long output, a
 * minefield hit).
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { ModelProvenance } from "../eval/provenance.js";
import { nullBackend, referenceBackend } from "../eval/reference-backend.js";
import { ResultStore } from "../eval/result-store.js";
import { planRun } from "../eval/run-plan.js";
import { defaultAgentSettings, runSamples } from "../eval/runner.js";
import type { SampleResult } from "../eval/sample-result.js";
import type { Suite } from "../eval/suite.js";
import type { Trajectory } from "../eval/trajectory.js";
import { testStatefulSuite } from "../suites/stateful/stateful-scenarios.test-support.js";
import { writeRunFiles } from "./run-files.test-support.js";

/**
 * A run of `assistant:stateful` over the test scenarios (src/suites/stateful/stateful-scenarios.test-support.ts:
 * do-not-disturb, which Sam, a flight no tool books) through the real conversation solver and
 * milestone scorer, with the reference model (every milestone reached) or the null model.
 */
export async function createStatefulRun(directory: string, model: "reference" | "null"): Promise<string> {
  mkdirSync(directory, { recursive: true });
  const suite = testStatefulSuite() as unknown as Suite;
  const plan = await planRun([suite], {});
  const backend =
    model === "reference"
      ? referenceBackend(
          plan.map((item) => item.sample),
          (sample) => sample.reference,
        )
      : nullBackend();
  const store = ResultStore.open(join(directory, "results.sqlite"));
  await runSamples({
    backend,
    items: plan,
    store,
    settings: { seed: 0, maxTokens: 256, decoding: "free", toolChoice: "auto" },
    agent: defaultAgentSettings,
  });
  const results = store.all();
  store.close();
  const provenance: ModelProvenance = {
    spec: model,
    kind: "replay",
    identity: `${model}:test`,
    format: backend.info.format ?? "json",
    backend: backend.info.backend,
    randomWeights: false,
    backendInfo: backend.info,
  };
  writeRunFiles({
    directory,
    specText: model,
    model: provenance,
    suites: [suite],
    plan,
    results,
    format: "json",
  });
  return directory;
}

/** Markup that must stay text wherever the page shows it. */
export const hostileText =
  '</script><script>alert(1)</script><b id="injected">bold</b>\u2028<img src=x onerror=alert(2)>';

/**
 * A stateful result made hostile and eventful from a real one: the request and every model and
 * tool text carry markup, a call is unreadable, one is blocked by a guard, one is declined at
 * confirmation, one returns 20,000 characters, a minefield is hit and a milestone held from the start.
 */
export function eventfulStatefulResult(base: SampleResult): SampleResult {
  const call = { name: "email_send", arguments: { to: ["sam.rivera@example.org"], body: hostileText } };
  const events: Trajectory["events"] = [
    { type: "user", turn: 1, text: hostileText, by: "script" },
    {
      type: "model",
      turn: 1,
      step: 1,
      rawText: `${hostileText} {"name": "email_send", "arguments": {`,
      content: hostileText,
      calls: [],
      parseErrors: [{ type: "truncated", message: "the call ends early", raw: '{"name": "email_send"' }],
      cached: false,
    },
    {
      type: "model",
      turn: 1,
      step: 2,
      rawText: "",
      content: "",
      calls: [call],
      parseErrors: [],
      cached: false,
    },
    {
      type: "tool",
      turn: 1,
      step: 2,
      call,
      decisions: [
        { guard: "schema", verdict: "pass" },
        { guard: "precondition", verdict: "block", reason: `no such contact ${hostileText}` },
      ],
      outcome: { ok: false, error: { type: "blocked", message: "no such contact" } },
    },
    {
      type: "tool",
      turn: 1,
      step: 3,
      call,
      decisions: [{ guard: "confirmation", verdict: "denied", reason: "the user said no" }],
      confirmation: { approved: false, by: "scripted-user" },
      skipped: "declined at confirmation",
    },
    {
      type: "tool",
      turn: 1,
      step: 4,
      call: { name: "files_read", calledAs: "tool_abcd", arguments: { path: "/notes.txt" } },
      decisions: [{ guard: "schema", verdict: "pass" }],
      outcome: { ok: true, output: { content: `${hostileText}\n${"lorem ipsum ".repeat(1700)}` } },
    },
    { type: "end", turn: 1, stopReason: "max-steps", reason: "step limit of 4 reached" },
  ];
  return {
    ...base,
    passed: false,
    score: 0,
    errorType: "minefield",
    explanation: `minefield hit: wrong-sam (an email went to Sam Rivera) at event 3; ${hostileText}`,
    request: hostileText,
    trajectory: {
      events,
      userTurns: 1,
      steps: 4,
      toolCalls: 3,
      confirmationsAsked: 1,
      stopReason: "max-steps",
    },
    scoreDetails: {
      progress: 0.5,
      milestones: [
        { id: "asked", description: "asked which Sam", reachedAt: -1 },
        { id: "sent", description: "an email to Sam Patel was sent", reachedAt: null },
      ],
      minefields: [{ id: "wrong-sam", description: "an email went to Sam Rivera", hitAt: 3 }],
    },
  };
}
