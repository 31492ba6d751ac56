/**
 * The reference and null models of `suite check` pass the backend conformance suite. The reference
 * model is scripted through a sample whose reference solution is the script; the null model always
 * says the same line. Both answer at once with parsed parts, which states their exceptions.
 */
import {
  type ConformanceHarness,
  runBackendConformance,
  type ScriptedReply,
  unscriptable,
  unstreamable,
} from "../backend/backend-conformance.test-support.js";
import { nullBackend, referenceBackend } from "./reference-backend.js";
import type { ReferenceOutput, Sample } from "./sample.js";

/** A sample with id `conformance` (the suite's sample id) whose reference solution is `replies`. */
function scriptedSample(replies: readonly ScriptedReply[]): Sample {
  const reference: ReferenceOutput[] = replies.map((reply) =>
    reply.toolCalls !== undefined ? { calls: reply.toolCalls } : { text: reply.text ?? "" },
  );
  return {
    id: "conformance",
    suite: "conformance",
    category: "conformance",
    messages: [],
    tools: [],
    target: undefined,
    metadata: {},
    reference,
  };
}

const atOnce = "it answers at once with parsed parts: no stream(), and no call stays in flight to abort";

runBackendConformance(
  "reference model",
  async (): Promise<ConformanceHarness> => {
    const of = (sample: Sample) => sample.reference;
    return {
      backend: referenceBackend([scriptedSample([{ text: "Sure." }])], of),
      script: async (replies) => referenceBackend([scriptedSample(replies)], of),
    };
  },
  {
    skip: {
      ...unstreamable(atOnce),
      "aborting a slow scripted call in flight rejects with aborted": atOnce,
      "scripted replies are served in order, several calls kept in order":
        "a reference output is either text or calls, never both (the scripted first reply has both)",
    },
  },
);

runBackendConformance("null model", async () => ({ backend: nullBackend() }), {
  skip: {
    ...unscriptable(`it always says the same line; ${atOnce}`),
    ...unstreamable(atOnce),
  },
});
