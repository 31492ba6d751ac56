/**
 * The `replay` backend: serves scripted raw outputs from a JSONL file (see replay-script.ts) and
 * parses them with a tool-call format, exactly as the output of a real model would be. It records
 * every request it receives, so tests can assert what the agent sent. Unit tests and re-scoring use it.
 *
 * Usage is an estimate, not a tokenizer's count: `ceil(characters / 4)` of the output, and of the
 * prompt (message contents, calls in earlier turns, and the tool list as JSON); results say so with
 * `details.usageEstimated: true`.
 */
import { errorMessage } from "../error-message.js";
import { EdgecallError } from "../errors.js";
import { parseStructuredReply } from "../formats/structured-reply.js";
import type { ToolCallFormat } from "../formats/tool-call-format.js";
import type { ContentPart, ToolDefinition } from "../messages.js";
import {
  type BackendInfo,
  finishReasonFor,
  type GenerateOptions,
  type GenerateRequest,
  type GenerateResult,
  type ModelBackend,
  type StreamEvent,
} from "./model-backend.js";
import { ReplayScript, type ScriptedOutput } from "./replay-script.js";
import { cutAtStop } from "./stop-sequences.js";

/** Options of {@link createReplayBackend}. */
export interface ReplayBackendOptions {
  /** The JSONL script. */
  path: string;
  /** Parses each scripted output. */
  format: ToolCallFormat;
  /** Simulated latency before the output is available, in ms. Default 0. */
  delayMs?: number;
}

/** A replay backend, with the requests it has received in order. */
export type ReplayBackend = ModelBackend & { readonly requests: GenerateRequest[] };

/** Characters per token in the usage estimate. */
const CHARACTERS_PER_TOKEN = 4;

/** Pieces `stream()` splits an output into. */
const STREAM_PIECES = 4;

/** The rough token estimate used for usage: `ceil(characters / 4)`. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / CHARACTERS_PER_TOKEN);
}

function promptCharacters(request: GenerateRequest): string {
  const pieces: string[] = [];
  for (const message of request.messages) {
    pieces.push(message.content);
    if (message.role === "assistant" && message.toolCalls !== undefined)
      pieces.push(JSON.stringify(message.toolCalls));
  }
  if (request.tools !== undefined && request.tools.length > 0) pieces.push(JSON.stringify(request.tools));
  return pieces.join("");
}

function abortedError(): EdgecallError {
  return new EdgecallError("aborted", "generation aborted by the caller");
}

/** Waits `ms` (0: not at all), rejecting with `aborted` when the signal fires. */
function delay(ms: number, signal: AbortSignal | undefined): Promise<void> {
  if (signal?.aborted) return Promise.reject(abortedError());
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(abortedError());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

function parseSafely(
  format: ToolCallFormat,
  text: string,
  tools: readonly ToolDefinition[] | undefined,
  structured = false,
): ContentPart[] {
  try {
    // A response-format reply without tools is the caller's JSON, not calls.
    if (structured && (tools === undefined || tools.length === 0)) return parseStructuredReply(format, text);
    return format.parse(text, tools);
  } catch (error) {
    // The seam promises never to throw; if a format breaks that promise, keep the text as data.
    const reason = errorMessage(error);
    return [
      { type: "text", text },
      {
        type: "tool-call-error",
        error: { type: "invalid-syntax", message: `${format.name} parser failed: ${reason}`, raw: text },
      },
    ];
  }
}

/** Splits text into at most `count` pieces on code-point boundaries (an empty text gives none). */
function splitIntoPieces(text: string, count: number): string[] {
  const codePoints = Array.from(text);
  const size = Math.max(1, Math.ceil(codePoints.length / count));
  const pieces: string[] = [];
  for (let start = 0; start < codePoints.length; start += size)
    pieces.push(codePoints.slice(start, start + size).join(""));
  return pieces;
}

function since(start: number): number {
  return Math.round((performance.now() - start) * 10) / 10;
}

/**
 * Creates a replay backend. Reads and validates the whole file now: throws `file-not-found`, or
 * `invalid-json` with `<path>:<line>: <reason>`. A call with no scripted output left rejects with
 * `replay-exhausted`, naming the sample id.
 */
export function createReplayBackend(options: ReplayBackendOptions): ReplayBackend {
  const delayMs = options.delayMs ?? 0;
  if (!Number.isFinite(delayMs) || delayMs < 0) {
    throw new EdgecallError(
      "invalid-argument",
      `replay: delayMs must be a non-negative number, got ${delayMs}`,
      {
        subject: "delayMs",
      },
    );
  }
  const script = ReplayScript.load(options.path);
  const { format } = options;
  const requests: GenerateRequest[] = [];
  const info: BackendInfo = {
    backend: "replay",
    model: options.path,
    format: format.name,
    scriptedOutputs: script.size,
  };

  /** Records the request and takes its output; rejects when aborted or exhausted. */
  function begin(request: GenerateRequest, signal: AbortSignal | undefined): ScriptedOutput {
    requests.push(cloneRequest(request));
    if (signal?.aborted) throw abortedError();
    const taken = script.take(request.sampleId);
    if (!taken.ok) {
      throw new EdgecallError("replay-exhausted", `${options.path}: ${taken.message}`, {
        subject: request.sampleId ?? options.path,
      });
    }
    return taken.entry;
  }

  function finish(
    request: GenerateRequest,
    entry: ScriptedOutput,
    start: number,
    firstTokenMs: number,
  ): GenerateResult {
    const output = cutAtStop(entry.output, request.stop).text;
    const parts = parseSafely(format, output, request.tools, request.responseFormat !== undefined);
    const totalMs = since(start);
    return {
      rawText: output,
      parts,
      finishReason: finishReasonFor(parts, false),
      usage: {
        inputTokens: estimateTokens(promptCharacters(request)),
        outputTokens: estimateTokens(output),
      },
      timing: { firstTokenMs: Math.min(firstTokenMs, totalMs), totalMs },
      details: {
        usageKnown: false,
        usageEstimated: true,
        usageEstimate: "ceil(characters / 4)",
        replayLine: entry.line,
        ...(entry.id === undefined ? {} : { replayId: entry.id }),
      },
    };
  }

  return {
    info,
    capabilities: { constrainedDecoding: false, stopSequences: true },
    requests,
    async generate(request: GenerateRequest, generateOptions: GenerateOptions = {}): Promise<GenerateResult> {
      const start = performance.now();
      const entry = begin(request, generateOptions.signal);
      await delay(delayMs, generateOptions.signal);
      return finish(request, entry, start, since(start));
    },
    async *stream(
      request: GenerateRequest,
      generateOptions: GenerateOptions = {},
    ): AsyncGenerator<StreamEvent> {
      const start = performance.now();
      const { signal } = generateOptions;
      const entry = begin(request, signal);
      await delay(delayMs, signal);
      const firstTokenMs = since(start);
      for (const piece of splitIntoPieces(cutAtStop(entry.output, request.stop).text, STREAM_PIECES)) {
        if (signal?.aborted) throw abortedError();
        yield { type: "text-delta", text: piece };
      }
      yield { type: "finish", result: finish(request, entry, start, firstTokenMs) };
    },
    async close(): Promise<void> {
      // Nothing to free: the script lives in memory.
    },
  };
}

/** A deep copy, so later changes by the caller do not rewrite the record. */
function cloneRequest(request: GenerateRequest): GenerateRequest {
  try {
    return structuredClone(request);
  } catch {
    return request;
  }
}
