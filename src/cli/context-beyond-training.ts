/**
 * The warning `run` and `chat` give when a model's context is larger than the context it was
 * trained for: past that length its output is unreliable, and a context raised for a long tool
 * list must not go there silently.
 */
import type { BackendInfo } from "../backend/model-backend.js";

/**
 * Why the context has the size it has: raised by the command (for what, and what the user can do
 * instead; default "choose with --context-size"), or `--context-size`.
 */
export type ContextSizeSource = { raisedFor: string; instead?: string } | "given";

/**
 * A warning line (ending in a newline) when `info.contextSize` exceeds `info.trainContextSize`;
 * undefined when it does not, or either is unknown (servers, replays).
 */
export function contextBeyondTrainingWarning(
  info: BackendInfo,
  source: ContextSizeSource | undefined,
): string | undefined {
  const { contextSize, trainContextSize } = info;
  if (contextSize === undefined || trainContextSize === undefined || contextSize <= trainContextSize)
    return undefined;
  const what =
    source === "given"
      ? `--context-size ${contextSize} is`
      : source === undefined
        ? `the context is ${contextSize} tokens,`
        : `the context is ${contextSize} tokens (raised for ${source.raisedFor}),`;
  return (
    `edgecall: warning: ${what} beyond this model's trained maximum of ${trainContextSize}: ` +
    `past ${trainContextSize} tokens its output is unreliable` +
    (source === "given" ? "\n" : `; ${source?.instead ?? "choose with --context-size"}\n`)
  );
}
