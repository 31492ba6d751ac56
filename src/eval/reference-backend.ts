/**
 * The two models `suite check` runs every sample with: the reference model, which answers each call
 * of a sample with the next output of its reference solution (calls under the names the sample
 * offers them, or a text reply; an empty reply once the solution is used up), and the null model,
 * which always answers in text and never calls a tool. Both return parsed parts directly, so no
 * format's parser stands between a solution and its scorer.
 */
import type {
  BackendInfo,
  GenerateOptions,
  GenerateRequest,
  GenerateResult,
  ModelBackend,
} from "../backend/model-backend.js";
import { EdgecallError } from "../errors.js";
import type { ContentPart } from "../messages.js";
import type { ReferenceOutput, Sample } from "./suite.js";

/** What the null model says to everything. */
export const nullModelReply = "I'm sorry, I can't help with that.";

function result(parts: ContentPart[], rawText: string, cutOff = false): GenerateResult {
  const calls = parts.some((part) => part.type === "tool-call");
  return {
    rawText,
    parts,
    finishReason: cutOff ? "length" : calls ? "tool-calls" : "stop",
    usage: { inputTokens: 0, outputTokens: 0 },
    timing: { firstTokenMs: 0, totalMs: 0 },
  };
}

/** Rejects a call whose signal has fired: both models answer at once, so only before they start. */
function refuseAborted(options: GenerateOptions | undefined): void {
  if (options?.signal?.aborted) throw new EdgecallError("aborted", "generation aborted by the caller");
}

function baseName(sampleId: string | undefined): string {
  return (sampleId ?? "").replace(/#user$/, "");
}

/** The reference model over `samples`, whose solutions come from `referenceOf`. */
export function referenceBackend(
  samples: readonly Sample[],
  referenceOf: (sample: Sample) => ReferenceOutput[] | undefined,
): ModelBackend {
  const bySample = new Map(samples.map((sample) => [sample.id, sample]));
  const served = new Map<string, number>();
  const info: BackendInfo = { backend: "reference", model: "reference solutions", format: "json" };
  return {
    info,
    async generate(request: GenerateRequest, options?: GenerateOptions): Promise<GenerateResult> {
      refuseAborted(options);
      const id = baseName(request.sampleId);
      const sample = bySample.get(id);
      const outputs = sample === undefined ? [] : (referenceOf(sample) ?? []);
      const position = served.get(id) ?? 0;
      served.set(id, position + 1);
      const output = outputs[position];
      if (output === undefined) return result([], "");
      if ("text" in output)
        return result([{ type: "text", text: output.text }], output.text, output.finishReason === "length");
      const offered = new Map(Object.entries(sample?.toolNames ?? {}).map(([alias, real]) => [real, alias]));
      const parts: ContentPart[] = output.calls.map((call) => ({
        type: "tool-call",
        toolCall: {
          name: offered.get(call.name) ?? call.name,
          arguments: call.arguments,
          ...(call.argumentsText === undefined ? {} : { argumentsText: call.argumentsText }),
        },
      }));
      return result(parts, JSON.stringify(output.calls));
    },
    async close() {
      // Nothing to free.
    },
  };
}

/** The null model: text only, never a call. */
export function nullBackend(): ModelBackend {
  return {
    info: { backend: "null", model: "null model (text only)", format: "json" },
    async generate(_request: GenerateRequest, options?: GenerateOptions): Promise<GenerateResult> {
      refuseAborted(options);
      return result([{ type: "text", text: nullModelReply }], nullModelReply);
    },
    async close() {
      // Nothing to free.
    },
  };
}
