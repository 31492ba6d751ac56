/**
 * The model settings applied to every model call of a run, and the request fields they give one
 * call of one (sample, repeat): repeat r is sampled with seed `seed + r`.
 */
import type { DecodingMode, GenerateRequest, ToolChoice } from "../backend/model-backend.js";

/** Settings applied to every request of a run. */
export interface RequestSettings {
  temperature?: number;
  topP?: number;
  topK?: number;
  /** Base seed; repeat r uses `seed + r`. */
  seed: number;
  maxTokens: number;
  decoding: DecodingMode;
  toolChoice: ToolChoice;
}

/** The request fields other than messages and tools for a call of `sampleId`'s repeat `repeat`. */
export function requestFields(
  settings: RequestSettings,
  sampleId: string,
  repeat: number,
): Omit<GenerateRequest, "messages" | "tools"> {
  return {
    toolChoice: settings.toolChoice,
    sampling: {
      temperature: settings.temperature,
      topP: settings.topP,
      topK: settings.topK,
      seed: settings.seed + repeat,
    },
    maxTokens: settings.maxTokens,
    decoding: settings.decoding,
    sampleId,
  };
}
