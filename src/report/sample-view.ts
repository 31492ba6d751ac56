/**
 * What the page knows about one attempt: the result line, reshaped for the browser script
 * (verdict, category label, the request and the expected outcome, the trajectory of an agent or
 * conversation sample with its milestone marks). Older agent suites' transcripts are taken from a
 * result's `transcript` field or `metadata.transcript` (an AgentTranscript: steps with raw text,
 * calls, guard decisions and tool results). Results written before solvers existed have no
 * request, expected outcome or trajectory: their views say so. The request, the expected outcome
 * and the trajectory share one text budget per sample (clip-text.ts).
 */
import type { AgentTranscript } from "../agent/agent-transcript.js";
import type { SampleResult } from "../eval/sample-result.js";
import { type ClippedText, TextBudget } from "./clip-text.js";
import { type ExpectedView, expectedView } from "./expected-view.js";
import { type TrajectoryView, trajectoryView } from "./trajectory-view.js";

/** `pass`, `fail` (a model verdict), or `error` (a harness error: no model verdict). */
export type Verdict = "pass" | "fail" | "error";

/** One attempt as the page shows it. */
export interface SampleView {
  /** Unique in the run: the sample id, with `#repeat` when the run has repeats. */
  key: string;
  id: string;
  repeat: number;
  /** `suite / category`, or the suite alone when it already names the category. */
  category: string;
  verdict: Verdict;
  errorType: string | null;
  explanation: string;
  rawText: string;
  content: string;
  calls: SampleResult["calls"];
  finishReason: string | null;
  usage: SampleResult["usage"];
  timing: SampleResult["timing"];
  format: string;
  parseFailure: boolean;
  stuck: boolean;
  cached: boolean;
  error: SampleResult["error"];
  metadata: Record<string, unknown>;
  transcript?: AgentTranscript;
  /** What ran the sample (`single-call` for results written before solvers existed). */
  solver: string;
  /** The graded score (for stateful samples: milestone progress, 0 when a minefield was hit). */
  score: number;
  /** False for results written before requests, expected outcomes and trajectories were recorded. */
  recorded: boolean;
  /** The user's first message; null when not recorded. */
  request: ClippedText | null;
  expected: ExpectedView | null;
  trajectory: TrajectoryView | null;
}

/** The label a (suite, category) pair is shown under (the terminal table's convention). */
export function categoryLabel(suite: string, category: string): string {
  return suite.endsWith(`:${category}`) ? suite : `${suite} / ${category}`;
}

/** The verdict of a result. */
export function verdictOf(result: SampleResult): Verdict {
  if (result.error !== null && result.error !== undefined) return "error";
  return result.passed ? "pass" : "fail";
}

/** The key of a result: id, or id#repeat when `withRepeat`. */
export function resultKeyOf(result: SampleResult, withRepeat: boolean): string {
  return withRepeat ? `${result.id}#${result.repeat}` : result.id;
}

function agentTranscriptOf(result: SampleResult): AgentTranscript | undefined {
  const candidate =
    (result as SampleResult & { transcript?: unknown }).transcript ?? result.metadata.transcript;
  if (
    typeof candidate === "object" &&
    candidate !== null &&
    Array.isArray((candidate as AgentTranscript).steps)
  )
    return candidate as AgentTranscript;
  return undefined;
}

/** Reshapes a result for the page. */
export function sampleView(result: SampleResult, withRepeat: boolean): SampleView {
  const transcript = agentTranscriptOf(result);
  const { transcript: _dropped, ...metadata } = result.metadata;
  const budget = new TextBudget();
  const request = typeof result.request === "string" ? budget.take(result.request) : null;
  const view: SampleView = {
    key: resultKeyOf(result, withRepeat),
    id: result.id,
    repeat: result.repeat,
    category: categoryLabel(result.suite, result.category),
    verdict: verdictOf(result),
    errorType: result.errorType ?? null,
    explanation: result.explanation,
    rawText: result.rawText,
    content: result.content ?? "",
    calls: result.calls,
    finishReason: result.finishReason ?? null,
    usage: result.usage ?? null,
    timing: result.timing ?? null,
    format: result.format ?? "",
    parseFailure: result.parseFailure === true,
    stuck: result.stuck === true,
    cached: result.cached === true,
    error: result.error ?? null,
    metadata,
    solver: typeof result.solver === "string" ? result.solver : "single-call",
    score: typeof result.score === "number" ? result.score : result.passed ? 1 : 0,
    recorded: result.solver !== undefined || result.request !== undefined || result.expected !== undefined,
    request,
    expected: expectedView(result.expected, result.scoreDetails, budget),
    trajectory: trajectoryView(result.trajectory, result.scoreDetails, budget),
  };
  if (transcript !== undefined) view.transcript = transcript;
  return view;
}
