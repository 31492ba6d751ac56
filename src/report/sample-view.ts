/**
 * What the page knows about one attempt: the result line, reshaped for the browser script
 * (verdict, category label, the agent transcript when the suite ran the agent loop). An agent
 * transcript is taken from a result's `transcript` field or `metadata.transcript` (an
 * AgentTranscript: steps with raw text, calls, guard decisions and tool results).
 */
import type { AgentTranscript } from "../agent/agent-transcript.js";
import type { SampleResult } from "../eval/sample-result.js";

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
  };
  if (transcript !== undefined) view.transcript = transcript;
  return view;
}
