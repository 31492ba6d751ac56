/**
 * One model call streamed for a client: the backend's raw text deltas read by the format's
 * incremental parser (src/formats/output-stream.ts), so visible text and reasoning go out as they
 * are generated while call markup is held until the reply is parsed. A backend without `stream`
 * is called whole and its reply sent as it is. Shared by chat completions and the Responses API.
 */
import type { GenerateRequest, GenerateResult, ModelBackend } from "../backend/model-backend.js";
import { OutputStream, promptOpensReasoning, type StreamDelta } from "../formats/output-stream.js";
import { getFormat, isFormatName } from "../formats/registry.js";
import type { ToolCallFormat } from "../formats/tool-call-format.js";

/** What the stream hands the writer: deltas as they become certain, then the whole result. */
export type ReplyEvent =
  | { type: "delta"; delta: StreamDelta }
  | { type: "finish"; result: GenerateResult; diverged: ("content" | "reasoning")[] };

/** The backend's format, when it parses output itself (llama-cpp, replay). */
function formatOf(backend: ModelBackend): ToolCallFormat | undefined {
  const name = backend.info.format;
  return name !== undefined && isFormatName(name) && backend.info.backend !== "openai-compatible"
    ? getFormat(name)
    : undefined;
}

/** Runs `request` on `backend`, yielding what is certain to send as it comes. */
export async function* streamReply(
  backend: ModelBackend,
  request: GenerateRequest,
  signal: AbortSignal,
): AsyncGenerator<ReplyEvent, void, undefined> {
  const format = formatOf(backend);
  const structured = request.responseFormat !== undefined && (request.tools ?? []).length === 0;
  let reader: OutputStream | undefined;
  const readerFor = (prompt: string | undefined) => {
    reader ??= new OutputStream(format, {
      ...(request.tools === undefined ? {} : { tools: request.tools }),
      ...(structured ? { markers: [] } : {}),
      reasoningOpen: prompt !== undefined && promptOpensReasoning(prompt, format?.thinkTags),
    });
    return reader;
  };
  let prompt: string | undefined;
  const options = { signal, onPrompt: (text: string) => (prompt = text) };
  if (backend.stream === undefined) {
    const result = await backend.generate(request, options);
    yield* finishWith(readerFor(prompt), result);
    return;
  }
  for await (const event of backend.stream(request, options)) {
    if (event.type === "text-delta") {
      for (const delta of readerFor(prompt).push(event.text)) yield { type: "delta", delta };
    } else {
      yield* finishWith(readerFor(prompt), event.result);
      return;
    }
  }
}

function* finishWith(reader: OutputStream, result: GenerateResult): Generator<ReplyEvent> {
  const { deltas, diverged } = reader.finish(result.parts);
  for (const delta of deltas) yield { type: "delta", delta };
  yield { type: "finish", result, diverged };
}
