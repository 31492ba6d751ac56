/**
 * `serve --record FILE.jsonl`: every model call the server answers, appended to FILE as one
 * `{"request": {...}, "response": {...}}` line in OpenAI's wire shapes (the request as a
 * chat-completions body, the response as a chat completion), which is the pair form a
 * `traces:FILE.jsonl` suite reads. A team points its app at `serve`, uses it, and gets a trace
 * file to evaluate other model files and quantisations on.
 *
 * It wraps the backend (both `generate` and `stream`), so the server itself is unchanged: the
 * request is the one the server handed the model (messages, tools, tool choice, sampling), and
 * failed calls are not recorded. Lines are appended whole, one write each, so concurrent requests
 * never interleave and a crash loses at most the line in flight. The file is created 0600 (it
 * holds every user's prompts); a file that already exists keeps its mode. Not to be confused with
 * eval's `turnRecordingBackend` (src/eval/turn-recording-backend.ts), which keeps one sample's model
 * turns in memory behind the response cache: this one writes a trace file for `traces:` suites.
 */
import { randomUUID } from "node:crypto";
import { appendFileSync, closeSync, openSync } from "node:fs";
import type {
  GenerateOptions,
  GenerateRequest,
  GenerateResult,
  ModelBackend,
  StreamEvent,
} from "../backend/model-backend.js";
import { toOpenAIRequestBody } from "../backend/openai/request.js";
import { EdgecallError } from "../errors.js";
import { completionBody } from "./chat-completion-response.js";

/** Mode of a trace file this creates: its owner reads and writes, nobody else. */
const traceFileMode = 0o600;

/** One recorded exchange, as written. */
export interface RecordedExchange {
  request: Record<string, unknown>;
  response: Record<string, unknown>;
}

/** The line written for one answered call. */
export function recordedExchange(
  request: GenerateRequest,
  result: GenerateResult,
  modelName: string,
  randomWeights: boolean,
): RecordedExchange {
  const body = toOpenAIRequestBody(request, modelName, false);
  delete body.stream;
  return {
    request: body,
    response: completionBody(result, {
      id: `chatcmpl-${randomUUID()}`,
      created: Math.floor(Date.now() / 1000),
      model: modelName,
      singleCall: false,
      randomWeights,
    }),
  };
}

/**
 * Opens (creating or appending to) `path` and returns `backend` with every answered call
 * recorded there. Throws a harness error naming the file when it cannot be written.
 */
export function traceRecordingBackend(backend: ModelBackend, path: string, modelName: string): ModelBackend {
  try {
    closeSync(openSync(path, "a", traceFileMode));
  } catch (error) {
    throw new EdgecallError(
      "invalid-argument",
      `--record ${path}: cannot write: ${(error as Error).message}`,
      {
        subject: "--record",
        cause: error,
      },
    );
  }
  const randomWeights = backend.info.randomWeights === true;
  const record = (request: GenerateRequest, result: GenerateResult) => {
    const line = `${JSON.stringify(recordedExchange(request, result, modelName, randomWeights))}\n`;
    appendFileSync(path, line, { mode: traceFileMode });
  };
  const inner = backend.stream?.bind(backend);
  const wrapped: ModelBackend = {
    get info() {
      return backend.info;
    },
    get capabilities() {
      return backend.capabilities;
    },
    async generate(request: GenerateRequest, options?: GenerateOptions) {
      const result = await backend.generate(request, options);
      record(request, result);
      return result;
    },
    close: () => backend.close(),
  };
  if (inner !== undefined)
    wrapped.stream = async function* (request: GenerateRequest, options?: GenerateOptions) {
      for await (const event of inner(request, options) as AsyncIterable<StreamEvent>) {
        if (event.type === "finish") record(request, event.result);
        yield event;
      }
    };
  return wrapped;
}
