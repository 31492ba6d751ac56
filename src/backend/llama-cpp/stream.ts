/**
 * Turns a generation that reports text through a callback into the backend's stream of events:
 * text deltas as they come, then one finish event. Whatever text was not delivered as deltas
 * (e.g. a constrained reply sent only when final) is sent just before the finish event, so the
 * deltas always add up to `rawText`. Leaving the loop early aborts the generation.
 */
import type { GenerateResult, StreamEvent } from "../model-backend.js";

/** Runs `start` and yields its text deltas and result. `start` receives the delta callback and an abort signal. */
export async function* streamFromRun(
  start: (onText: (delta: string) => void, signal: AbortSignal) => Promise<GenerateResult>,
  outerSignal?: AbortSignal,
): AsyncGenerator<StreamEvent, void, undefined> {
  const controller = new AbortController();
  const forwardAbort = () => controller.abort();
  if (outerSignal?.aborted) controller.abort();
  else outerSignal?.addEventListener("abort", forwardAbort, { once: true });
  const deltas: string[] = [];
  let wake: (() => void) | undefined;
  let settled: { result: GenerateResult } | { error: unknown } | undefined;
  const notify = () => {
    wake?.();
    wake = undefined;
  };
  start((delta) => {
    deltas.push(delta);
    notify();
  }, controller.signal).then(
    (result) => {
      settled = { result };
      notify();
    },
    (error: unknown) => {
      settled = { error };
      notify();
    },
  );
  let emitted = "";
  try {
    for (;;) {
      while (deltas.length > 0) {
        const text = deltas.shift()!;
        emitted += text;
        yield { type: "text-delta", text };
      }
      if (settled !== undefined) {
        if ("error" in settled) throw settled.error;
        const { rawText } = settled.result;
        if (rawText.length > emitted.length && rawText.startsWith(emitted)) {
          yield { type: "text-delta", text: rawText.slice(emitted.length) };
        }
        yield { type: "finish", result: settled.result };
        return;
      }
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
  } finally {
    outerSignal?.removeEventListener("abort", forwardAbort);
    if (settled === undefined) controller.abort();
  }
}
