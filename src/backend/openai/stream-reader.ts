/**
 * Reads a streamed chat completion (SSE) into a {@link StreamState}: each event's JSON chunk is
 * applied and what it added is yielded. Errors the server reports inside the 200 stream become
 * harness errors, except its report that the model's output did not parse, which is thrown as an
 * {@link UnparsedOutputError} for the caller to turn into the model's result. A stream that ends
 * before its completion did is a `backend-protocol` error: what arrived is not the whole output.
 */
import { EdgecallError } from "../../errors.js";
import { isUnparsedOutputMessage, serverErrorMessage } from "./errors.js";
import { parseSseStream, type SseEvent, SseLimitError, SseParser } from "./sse-parser.js";
import type { StreamState } from "./stream-state.js";
import { UnparsedOutputError } from "./unparsed-output.js";

/** What one chunk added: text to show, and whether it carried generated output at all. */
export interface StreamDelta {
  text: string;
  generated: boolean;
}

/**
 * The chunks' deltas, in order; `state` holds the whole completion when it returns. `onProgress`
 * is told of each SSE line that is not a comment (the idle timeout's progress: keep-alives are none).
 */
export async function* readCompletionStream(
  chunks: AsyncIterable<Uint8Array>,
  url: string,
  state: StreamState,
  onProgress?: () => void,
): AsyncGenerator<StreamDelta> {
  let done = false;
  for await (const event of sseEvents(chunks, url, onProgress)) {
    const data = event.data.trim();
    if (data === "[DONE]") {
      done = true;
      break;
    }
    if (data === "") continue;
    let chunk: unknown;
    try {
      chunk = JSON.parse(data);
    } catch {
      throw new EdgecallError("backend-protocol", `${url}: stream event is not JSON: ${data.slice(0, 200)}`, {
        subject: url,
      });
    }
    throwIfStreamError(chunk, event.event, data, url);
    yield state.apply(chunk);
  }
  if (state.chunkCount === 0) {
    throw new EdgecallError("backend-protocol", `${url}: the stream ended without any completion chunk`, {
      subject: url,
    });
  }
  if (!done && state.finishReason === null) {
    // The connection closed mid-reply: what arrived is not the model's whole output.
    throw new EdgecallError(
      "backend-protocol",
      `${url}: the stream ended before the completion did (no finish_reason and no [DONE]); the server or a proxy closed it mid-reply`,
      { subject: url },
    );
  }
}

/**
 * The whole text of a body that came as an event stream where a whole response was asked for,
 * read with the same notion of progress as a stream: `onProgress` for each line that is not a
 * comment, so a server answering with keep-alives alone meets the idle timeout.
 */
export async function collectEventStreamText(
  chunks: AsyncIterable<Uint8Array>,
  url: string,
  onProgress: () => void,
): Promise<string> {
  const decoder = new TextDecoder("utf-8");
  const parser = new SseParser({ onFieldLine: onProgress });
  const pieces: string[] = [];
  try {
    for await (const chunk of chunks) {
      const text = decoder.decode(chunk, { stream: true });
      parser.push(text);
      pieces.push(text);
    }
  } catch (error) {
    if (!(error instanceof SseLimitError)) throw error;
    throw new EdgecallError("backend-protocol", `${url}: ${error.message}`, { subject: url, cause: error });
  }
  pieces.push(decoder.decode());
  return pieces.join("");
}

/** The body's SSE events; a line or event past the parser's limit is a backend-protocol error. */
async function* sseEvents(
  chunks: AsyncIterable<Uint8Array>,
  url: string,
  onFieldLine: (() => void) | undefined,
): AsyncGenerator<SseEvent> {
  try {
    yield* parseSseStream(chunks, onFieldLine === undefined ? {} : { onFieldLine });
  } catch (error) {
    if (!(error instanceof SseLimitError)) throw error;
    throw new EdgecallError("backend-protocol", `${url}: ${error.message}`, { subject: url, cause: error });
  }
}

/** llama-server and vLLM report failures inside a 200 stream as an `error` object (or an `error` event). */
function throwIfStreamError(chunk: unknown, eventName: string, data: string, url: string): void {
  const hasError = typeof chunk === "object" && chunk !== null && "error" in chunk && !("choices" in chunk);
  if (!hasError && eventName !== "error") return;
  const message = serverErrorMessage(data);
  if (isUnparsedOutputMessage(message)) throw new UnparsedOutputError(message);
  throw new EdgecallError("backend-http", `${url} reported an error in the stream: ${message}`, {
    subject: url,
  });
}
