/**
 * The `single-call` solver: one model call on the sample's messages with its offered tools; the
 * calls it returns are scored, never run (BFCL single-turn, assistant:single, the probes).
 */

import type { GenerateRequest } from "../../backend/model-backend.js";
import { harnessError } from "../harness-error.js";
import { requestFields } from "../request-settings.js";
import { AbortedSample, type Solver } from "../solver.js";
import type { Transcript } from "../suite.js";

/** The single-call solver. */
export const singleCallSolver: Solver = {
  name: "single-call",
  async solve(sample, context) {
    const request: GenerateRequest = {
      messages: sample.messages,
      ...requestFields(context.settings, sample.id, context.repeat),
    };
    if (sample.tools.length > 0) request.tools = sample.tools;
    if (sample.maxTokens !== undefined)
      request.maxTokens = Math.max(sample.maxTokens, request.maxTokens ?? 0);
    const transcript: Transcript = { request, turns: context.backend.turns };
    try {
      await context.backend.generate(request, { signal: context.signal });
    } catch (error) {
      if (context.signal?.aborted) throw new AbortedSample();
      transcript.error = harnessError(error);
    }
    return transcript;
  },
};
