/**
 * The requests both probes repeat at every step: by default the assistant suite's single-turn
 * requests (`assistant:single`, in file order), with the tools their possible answers call; or,
 * with `--suite traces:FILE.jsonl`, the turns of a team's own traces that expect calls (in file
 * order), with the tools they call. The tool-count probe keeps those whose every expected call
 * uses one tool (which may be called several times), so that "the right tool plus distractors"
 * is well defined down to one tool. Each probe sample is scored by its base suite's scorer.
 */

import type { PyValue } from "../bfcl/py-value.js";
import { EdgecallError } from "../errors.js";
import type { Sample, Scorer } from "../eval/suite.js";
import type { AssistantTarget } from "../suites/assistant-suite.js";
import { assistantScorer, createAssistantSuite } from "../suites/assistant-suite.js";
import type { TraceTarget } from "../suites/traces/trace-scorer.js";
import { createTracesSuite, isTracesSuiteName } from "../suites/traces/traces-suite.js";

/** A base request and the names of the tools its expected calls use. */
export interface BaseRequest {
  sample: Sample;
  rightTools: string[];
}

/** The default suite the base requests come from. */
export const baseSuiteName = "assistant:single";

function calledTools(groundTruth: PyValue | undefined): string[] {
  if (groundTruth === undefined || groundTruth.kind !== "list") return [];
  const names: string[] = [];
  for (const call of groundTruth.items) {
    if (call.kind !== "dict") continue;
    for (const key of call.keys) if (key.kind === "str" && !names.includes(key.value)) names.push(key.value);
  }
  return names;
}

/** What the probes are built on. */
export interface BaseRequests {
  requests: BaseRequest[];
  version: string;
  /** The base suite's name and scorer (probe samples are scored as their base samples). */
  suite: string;
  scorer: Scorer;
}

function baseOf(suite: string): {
  samples: Sample[];
  version: string;
  scorer: Scorer;
  right: (sample: Sample) => string[];
} {
  if (suite === baseSuiteName) {
    const assistant = createAssistantSuite(baseSuiteName);
    return {
      samples: assistant.samples() as Sample[],
      version: assistant.version,
      scorer: assistantScorer as Scorer,
      right: (sample) => calledTools((sample.target as AssistantTarget).groundTruth),
    };
  }
  if (isTracesSuiteName(suite)) {
    const traces = createTracesSuite(suite);
    return {
      samples: traces.samples() as Sample[],
      version: traces.version,
      scorer: traces.scorer as Scorer,
      right: (sample) => [...new Set((sample.target as TraceTarget).calls.map((call) => call.name))],
    };
  }
  throw new EdgecallError(
    "usage",
    `probe --suite: ${suite} cannot be probed (assistant:single or traces:FILE.jsonl)`,
    {
      subject: "--suite",
    },
  );
}

/** The base requests; `singleTool` keeps one-tool requests only. */
export function loadBaseRequests(options: {
  singleTool: boolean;
  limit?: number;
  suite?: string;
}): BaseRequests {
  const suite = options.suite ?? baseSuiteName;
  const base = baseOf(suite);
  const requests = base.samples
    .map((sample) => ({ sample, rightTools: base.right(sample) }))
    .filter(
      (request) => request.rightTools.length > 0 && (!options.singleTool || request.rightTools.length === 1),
    );
  return {
    requests: options.limit === undefined ? requests : requests.slice(0, options.limit),
    version: base.version,
    suite,
    scorer: base.scorer,
  };
}
