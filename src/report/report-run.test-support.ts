/**
 * Builds real run directories for report tests: a stub tool-calling suite is run through the eval
 * runner with the replay backend (scripted outputs: right calls, wrong arguments, wrong tools,
 * unreadable calls, degenerate repetition, refusals and missing outputs, which become harness
 * errors), then run.json, results.jsonl and summary.json are written as `edgecall eval` writes them.
 * Stateful runs are in stateful-run.test-support.ts, a bench.json in sample-bench.test-support.ts.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { readModelSpec } from "../backend/model-spec.js";
import { describeOpenedModel } from "../backend/opened-model.js";
import { createReplayBackend } from "../backend/replay-backend.js";
import { modelProvenance } from "../eval/provenance.js";
import { ResultStore } from "../eval/result-store.js";
import { planRun } from "../eval/run-plan.js";
import { runSamples } from "../eval/runner.js";
import type { Sample, Suite } from "../eval/suite.js";
import { getFormat } from "../formats/registry.js";
import { agentTranscript } from "./agent-transcript.test-support.js";
import { writeRunFiles } from "./run-files.test-support.js";

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
  const model = await modelProvenance(await describeOpenedModel(readModelSpec(specText), backend));
  model.quantisation = quant;
  const plan = await planRun(suites as Suite[], {});
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
