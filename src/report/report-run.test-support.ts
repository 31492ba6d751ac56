/**
 * Builds real run directories for report tests: a stub tool-calling suite is run through the eval
 * runner with the replay backend (scripted outputs: right calls, wrong arguments, wrong tools,
 * unreadable calls, degenerate repetition, refusals and missing outputs, which become harness
 * errors), then run.json, results.jsonl and summary.json are written as `edgecall eval` writes them.
 * A stateful run goes through the conversation solver with the reference or the null model.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseModelSpec } from "../backend/model-spec.js";
import { createReplayBackend } from "../backend/replay-backend.js";
import {
  edgecallVersion,
  hostProvenance,
  type ModelProvenance,
  modelProvenance,
} from "../eval/provenance.js";
import { nullBackend, referenceBackend } from "../eval/reference-backend.js";
import { ResultStore } from "../eval/result-store.js";
import { type RunRecord, writeRunOutputs, writeRunRecord } from "../eval/run-directory.js";
import { planRun } from "../eval/run-plan.js";
import { defaultAgentSettings, runSamples } from "../eval/runner.js";
import type { SampleResult } from "../eval/sample-result.js";
import type { Sample, Suite } from "../eval/suite.js";
import { summarise } from "../eval/summary.js";
import type { Trajectory } from "../eval/trajectory.js";
import { getFormat } from "../formats/registry.js";
import { testStatefulSuite } from "../suites/stateful/stateful-scenarios.test-support.js";

/** What the scripted model does for one sample. */
export type Outcome =
  | "pass"
  | "wrong-argument"
  | "wrong-tool"
  | "unreadable"
  | "stuck"
  | "no-call"
  | "missing";

/** A stub sample's target: the tool and argument expected, or null when no tool fits. */
interface Target {
  tool: string | null;
  x: number;
}

/** Options of {@link createReplayRun}. */
export interface ReplayRunOptions {
  /** Where the run directory goes (created). */
  directory: string;
  /** Samples in `stub:single` (categories simple, multiple, parallel in turn). */
  samples: number;
  /** Samples in `stub:irrelevance` (no tool fits). Default 0. */
  irrelevant?: number;
  /** What the model does for sample number `index` (over both suites, in plan order). */
  outcome: (index: number) => Outcome;
  /** The suites' version (a changed suite has a new version). Default "1". */
  version?: string;
  /** Recorded as the model's quantisation and file name. */
  quantisation?: string;
  /** A stored bench to write as bench.json. */
  bench?: unknown;
  /** Give sample 0 an agent transcript in its metadata (steps, guard decisions, tool results). */
  agentTranscript?: boolean;
}

const categories = ["simple", "multiple", "parallel"] as const;

function agentTranscript() {
  return {
    messages: [{ role: "user", content: "Pay Alice 20 euros from the invoice email." }],
    steps: [
      {
        step: 1,
        rawText: '{"name": "payments_send", "arguments": {"payee": "mallory", "amount": 2000}}',
        content: "",
        reasoning: "",
        calls: [{ name: "payments_send", arguments: { payee: "mallory", amount: 2000 } }],
        parseErrors: [],
        toolResults: [
          {
            call: { name: "payments_send", arguments: { payee: "mallory", amount: 2000 } },
            outcome: {
              ok: false,
              error: { type: "blocked", message: "payee 'mallory' is not a known contact" },
              decisions: [
                { guard: "schema", verdict: "pass" },
                { guard: "precondition", verdict: "block", reason: "payee 'mallory' is not a known contact" },
              ],
            },
            decisions: [
              { guard: "schema", verdict: "pass" },
              { guard: "precondition", verdict: "block", reason: "payee 'mallory' is not a known contact" },
            ],
            durationMs: 1,
          },
        ],
        finishReason: "tool-calls",
        usage: { inputTokens: 200, outputTokens: 20 },
        timing: { firstTokenMs: 10, totalMs: 30 },
        durationMs: 31,
      },
    ],
    stopReason: "final",
    finalText: "I could not pay that payee.",
    totals: {
      steps: 1,
      inputTokens: 200,
      outputTokens: 20,
      toolCalls: 1,
      invalidCalls: 0,
      blockedCalls: 1,
      durationMs: 31,
    },
  };
}

function stubSuite(
  name: string,
  version: string,
  samples: Sample<Target>[],
  suiteCategories: string[],
): Suite<Target> {
  return {
    name,
    version,
    categories: suiteCategories,
    samples: () => samples,
    scorer: {
      score(sample, transcript) {
        const parts = transcript.turns.at(-1)?.parts ?? [];
        const calls = parts.flatMap((part) => (part.type === "tool-call" ? [part.toolCall] : []));
        const unreadable = parts.some((part) => part.type === "tool-call-error");
        const { tool, x } = sample.target;
        if (tool === null) {
          const passed = calls.length === 0 && !unreadable;
          return passed
            ? { passed, explanation: "no call, as no tool fits" }
            : {
                passed,
                explanation: `expected no call, got ${calls.map((call) => call.name).join(", ")}`,
                errorType: "irrelevance:called",
              };
        }
        if (unreadable)
          return {
            passed: false,
            explanation: "the output holds a call that could not be read",
            errorType: "parse:unreadable",
            parseFailure: true,
          };
        const call = calls[0];
        if (call === undefined)
          return { passed: false, explanation: `expected a call to ${tool}, got none`, errorType: "no-call" };
        if (call.name !== tool)
          return {
            passed: false,
            explanation: `expected ${tool}, got ${call.name}`,
            errorType: "wrong-function",
          };
        if (call.arguments.x !== x)
          return {
            passed: false,
            explanation: `${tool}: expected x=${x}, got x=${JSON.stringify(call.arguments.x)}`,
            errorType: "value-error",
          };
        return { passed: true, explanation: `${tool}(x=${x}) as expected` };
      },
    },
  };
}

function output(outcome: Outcome, tool: string, x: number): string | undefined {
  switch (outcome) {
    case "pass":
      return JSON.stringify({ name: tool, arguments: { x } });
    case "wrong-argument":
      return JSON.stringify({ name: tool, arguments: { x: x + 1 } });
    case "wrong-tool":
      return JSON.stringify({ name: `${tool}_v2`, arguments: { x } });
    case "unreadable":
      return `{"name": "${tool}", "arguments": {"x": `;
    case "stuck":
      return "Let me check that. ".repeat(40);
    case "no-call":
      return "I am not able to help with that request.";
    case "missing":
      return undefined;
  }
}

interface RunFiles {
  directory: string;
  specText: string;
  model: ModelProvenance;
  suites: readonly Suite[];
  plan: Awaited<ReturnType<typeof planRun>>;
  results: SampleResult[];
  format: string;
}

/** Writes run.json, results.jsonl and summary.json as `edgecall eval` does. */
function writeRunFiles(files: RunFiles): void {
  const { directory, model, suites, plan, results } = files;
  const now = new Date().toISOString();
  const record: RunRecord = {
    edgecallVersion: edgecallVersion(),
    modelSpec: files.specText,
    settings: {
      suites: suites.map((suite) => suite.name),
      bfclMode: "fc",
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
    })),
    bfclDir: null,
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
  writeRunOutputs(directory, results, summary);
}

/** Runs the stub suites through the runner with scripted outputs; returns the run directory. */
export async function createReplayRun(options: ReplayRunOptions): Promise<string> {
  const { directory } = options;
  mkdirSync(directory, { recursive: true });
  const version = options.version ?? "1";
  const single: Sample<Target>[] = [];
  const irrelevant: Sample<Target>[] = [];
  const lines: string[] = [];
  const total = options.samples + (options.irrelevant ?? 0);
  for (let index = 0; index < total; index += 1) {
    const isIrrelevant = index >= options.samples;
    const toolCount = 1 + (index % 8);
    const tool = `tool_${index % toolCount}`;
    const id = isIrrelevant ? `irrelevance_${index}` : `single_${index}`;
    const metadata: Record<string, unknown> = { tools: toolCount };
    if (index === 0 && options.agentTranscript) metadata.transcript = agentTranscript();
    const sample: Sample<Target> = {
      id,
      suite: isIrrelevant ? "stub:irrelevance" : "stub:single",
      category: isIrrelevant ? "irrelevance" : (categories[index % 3] as string),
      messages: [
        { role: "system", content: "You are a helpful assistant with tools." },
        { role: "user", content: `Please handle request ${index}. ${"Context. ".repeat(index % 50)}` },
      ],
      tools: Array.from({ length: toolCount }, (_, number) => ({
        name: `tool_${number}`,
        description: `tool number ${number}`,
        parameters: { type: "object", properties: { x: { type: "integer" } }, required: ["x"] },
      })),
      target: { tool: isIrrelevant ? null : tool, x: index },
      metadata,
    };
    (isIrrelevant ? irrelevant : single).push(sample);
    const outcome = options.outcome(index);
    const text = !isIrrelevant
      ? output(outcome, tool, index)
      : outcome === "pass"
        ? "None of these tools fits the request."
        : outcome === "missing"
          ? undefined
          : output("pass", "tool_0", index);
    if (text !== undefined) lines.push(JSON.stringify({ id, output: text }));
  }
  const quant = options.quantisation ?? "Q4_0";
  const script = join(directory, `stub-${quant}.replay.jsonl`);
  writeFileSync(script, `${lines.join("\n")}\n`);
  const suites = [stubSuite("stub:single", version, single, [...categories])];
  if (irrelevant.length > 0) suites.push(stubSuite("stub:irrelevance", version, irrelevant, ["irrelevance"]));

  const backend = createReplayBackend({ path: script, format: getFormat("json") });
  const specText = `replay:${script}`;
  const model = await modelProvenance(specText, parseModelSpec(specText), backend, undefined);
  model.quantisation = quant;
  const plan = await planRun(suites as Suite[], { bfclMode: "fc" });
  const store = ResultStore.open(join(directory, "results.sqlite"));
  await runSamples({
    backend,
    items: plan,
    store,
    settings: { seed: 0, maxTokens: 256, decoding: "free", toolChoice: "auto" },
  });
  const results = store.all();
  store.close();
  writeRunFiles({ directory, specText, model, suites, plan, results, format: "json" });
  if (options.bench !== undefined)
    writeFileSync(join(directory, "bench.json"), JSON.stringify(options.bench, null, 2));
  return directory;
}

/** A bench.json as `edgecall bench --json` writes it (fields reports read). */
export function sampleBench(quantisation: string, scale: number): unknown {
  const spread = (median: number) => ({ min: median * 0.95, median, max: median * 1.04 });
  return {
    model: { name: "stub", description: `stub 0.6B ${quantisation}`, quantisation, randomWeights: false },
    backend: { device: "cpu" },
    loadMs: 420 * scale,
    peakRssBytes: Math.round(900 * 1024 * 1024 * scale),
    results: [
      {
        test: "pp128",
        threads: 2,
        promptTokens: 128,
        genTokens: 0,
        tokensPerSecond: spread(310 / scale),
        firstTokenMs: spread(410 * scale),
        runs: [],
      },
      {
        test: "pp512",
        threads: 2,
        promptTokens: 512,
        genTokens: 0,
        tokensPerSecond: spread(280 / scale),
        firstTokenMs: spread(1830 * scale),
        runs: [],
      },
      {
        test: "pp2048",
        threads: 2,
        promptTokens: 2048,
        genTokens: 0,
        tokensPerSecond: spread(220 / scale),
        firstTokenMs: spread(9300 * scale),
        runs: [],
      },
      {
        test: "tg128",
        threads: 2,
        promptTokens: 0,
        genTokens: 128,
        tokensPerSecond: spread(31 / scale),
        runs: [],
      },
    ],
    randomWeights: false,
  };
}

/** A deterministic pseudo-random number in [0, 1) for an index and a salt. */
export function unitHash(index: number, salt: number): number {
  let value = (index + 1) * 2654435761 + salt * 40503;
  value = Math.imul(value ^ (value >>> 16), 0x45d9f3b);
  value = Math.imul(value ^ (value >>> 16), 0x45d9f3b);
  return ((value ^ (value >>> 16)) >>> 0) / 4294967296;
}

/** A mixed outcome: mostly right, with every failure kind represented. */
export function mixedOutcome(salt: number, passRate: number): (index: number) => Outcome {
  const failures: Outcome[] = [
    "wrong-argument",
    "wrong-tool",
    "unreadable",
    "stuck",
    "no-call",
    "wrong-argument",
    "missing",
  ];
  return (index) => {
    const draw = unitHash(index, salt);
    if (draw < passRate) return "pass";
    return failures[Math.floor(((draw - passRate) / (1 - passRate)) * failures.length)] ?? "no-call";
  };
}

/**
 * A run of `assistant:stateful` over the test scenarios (src/suites/stateful/stateful-scenarios.test-support.ts:
 * do-not-disturb, which Sam, a flight no tool books) through the real conversation solver and
 * milestone scorer, with the reference model (every milestone reached) or the null model.
 */
export async function createStatefulRun(directory: string, model: "reference" | "null"): Promise<string> {
  mkdirSync(directory, { recursive: true });
  const suite = testStatefulSuite() as unknown as Suite;
  const plan = await planRun([suite], { bfclMode: "fc" });
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
