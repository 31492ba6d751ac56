/**
 * The model as one (sample, repeat) sees it: the run's backend behind the response cache, recording
 * every call it answers as a {@link ModelTurn}. The cache key holds the whole conversation so far,
 * so each step of an agent's conversation is cached on its own and a rerun replays it step by step.
 * It has no `stream`, so the agent loop always takes whole results. Not to be confused with serve's
 * `traceRecordingBackend` (src/serve/trace-recorder.ts), which appends every answered call to a
 * trace file in OpenAI's wire shapes: this one keeps a sample's turns in memory for its transcript.
 */
import type {
  GenerateOptions,
  GenerateRequest,
  GenerateResult,
  ModelBackend,
} from "../backend/model-backend.js";
import { type CacheKeyFields, cacheKeyFields, type ResponseCache } from "./response-cache.js";
import type { ModelTurn } from "./transcript.js";

/** The response cache and the model facts its keys need. */
export interface RunnerCache {
  cache: ResponseCache;
  model: Parameters<typeof cacheKeyFields>[1];
}

/** A backend that records its calls as a sample's model turns. */
export interface TurnRecordingBackend extends ModelBackend {
  /** Every call answered, in order. */
  readonly turns: ModelTurn[];
}

/** Wraps `backend` for one sample; `close()` does not close the wrapped backend. */
export function turnRecordingBackend(
  backend: ModelBackend,
  cache: RunnerCache | undefined,
): TurnRecordingBackend {
  const turns: ModelTurn[] = [];
  return {
    info: backend.info,
    turns,
    async generate(request: GenerateRequest, options: GenerateOptions = {}): Promise<GenerateResult> {
      let fields: CacheKeyFields | undefined;
      if (cache !== undefined) {
        fields = cacheKeyFields(request, cache.model);
        const hit = cache.cache.get(fields);
        if (hit !== undefined) {
          turns.push({ ...hit, cached: true });
          return hit;
        }
      }
      const result = await backend.generate(request, options);
      if (fields !== undefined) cache?.cache.put(fields, result);
      turns.push({ ...result, cached: false });
      return result;
    },
    async close(): Promise<void> {
      // The run's backend outlives every sample; its owner closes it.
    },
  };
}
