/**
 * The requests both probes repeat at every step: the assistant suite's single-turn requests
 * (`assistant:single`, in file order), with the tools their possible answers call. The tool-count
 * probe keeps those whose every possible answer calls one tool (which may be called several
 * times), so that "the right tool plus distractors" is well defined down to one tool.
 */

import type { PyValue } from "../bfcl/py-value.js";
import type { Sample } from "../eval/suite.js";
import type { AssistantTarget } from "../suites/assistant-suite.js";
import { createAssistantSuite } from "../suites/assistant-suite.js";

/** A base request and the names of the tools its possible answers call. */
export interface BaseRequest {
  sample: Sample<AssistantTarget>;
  rightTools: string[];
}

/** The suite the base requests come from. */
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

/** The base requests and the base suite's version; `singleTool` keeps one-tool requests only. */
export function loadBaseRequests(options: { singleTool: boolean; limit?: number }): {
  requests: BaseRequest[];
  version: string;
} {
  const suite = createAssistantSuite(baseSuiteName);
  const samples = suite.samples({ bfclMode: "fc" }) as Sample<AssistantTarget>[];
  const requests = samples
    .map((sample) => ({ sample, rightTools: calledTools(sample.target.groundTruth) }))
    .filter(
      (request) => request.rightTools.length > 0 && (!options.singleTool || request.rightTools.length === 1),
    );
  return {
    requests: options.limit === undefined ? requests : requests.slice(0, options.limit),
    version: suite.version,
  };
}
