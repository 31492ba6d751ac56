/**
 * The raw llama-server backend (`llama-server:URL`): `POST /completion` with a prompt edgecall
 * rendered itself from the server's chat template (read once from `/props`), and the reply parsed
 * with edgecall's own format parser. llama-server's chat endpoint renders the same template (byte
 * for byte for Qwen3 and Qwen3.5) but parses calls with its own parsers, and answers output they
 * cannot parse with an error instead of the text; here malformed output stays data exactly as
 * in-process, and the prompt is recorded in the transcript. `/completion` still runs the finished
 * text through llama-server's plain-content parser, which rejects malformed UTF-8 (a byte token
 * out of place: random weights do it often) with HTTP 500 after the whole generation; that reply
 * has no text, so the call is scored as malformed output, as on the chat endpoint, not retried. Sampling is sent explicitly (greedy
 * when the run sets none); prefill and decode come from the server's `timings`. A model file the
 * server names that is on this machine and was synthesised by edgecall is labelled random weights.
 */

import { EdgecallError } from "../../errors.js";
import { renderChatTemplate, type TemplateVariables } from "../../formats/chat-template.js";
import { detectFormat } from "../../formats/detect-format.js";
import { getFormat } from "../../formats/registry.js";
import type { ToolCallFormat } from "../../formats/tool-call-format.js";
import { sha256Hex } from "../../sha256.js";
import {
  type BackendInfo,
  finishReasonFor,
  type GenerateOptions,
  type GenerateRequest,
  type GenerateResult,
  type ModelBackend,
} from "../model-backend.js";
import { defaultRequestTimeoutMs } from "../openai/backend-options.js";
import { abbreviate, BackendHttpError, isUnparsedOutputMessage } from "../openai/errors.js";
import { readServerTimings, timingWithServer, usageWithServer } from "../openai/server-timings.js";
import { openChatCompletion } from "../openai/transport.js";
import { defaultMaxResponseBytes, type TransportConfig } from "../openai/transport-config.js";
import { unparsedOutputResult } from "../openai/unparsed-output.js";
import { fetchLlamaServerProps, type LlamaServerProps } from "./props.js";

/** Options of {@link createLlamaServerBackend}. */
export interface LlamaServerOptions {
  /** The server's root, e.g. `http://127.0.0.1:8080` (a trailing `/v1` is dropped). */
  baseUrl: string;
  /** Tool-call format (default: detected from the server's chat template, else `json`). */
  format?: ToolCallFormat;
  /** Longest wait for the server to send anything (default 120000 ms). */
  timeoutMs?: number;
  /** Largest response body (default 64 MiB). */
  maxResponseBytes?: number;
  /** A whole call's deadline, retries included (default 600000 ms; `--request-timeout`). */
  requestTimeoutMs?: number;
  /** Most tokens per call when a request sets none (default 1024). */
  defaultMaxTokens?: number;
  templateVariables?: TemplateVariables;
  fetch?: typeof fetch;
}

/** The server root of a URL given with or without llama-server's `/v1` suffix. */
export function llamaServerRoot(url: string): string {
  return url.replace(/\/+$/, "").replace(/\/v1$/, "");
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function since(start: number): number {
  return Math.round((performance.now() - start) * 10) / 10;
}

class LlamaServerBackend implements ModelBackend {
  readonly info: BackendInfo;
  readonly capabilities;
  private readonly transport: TransportConfig;

  constructor(
    private readonly options: LlamaServerOptions,
    private readonly root: string,
    private readonly props: LlamaServerProps,
    private readonly format: ToolCallFormat,
    randomWeights: boolean,
  ) {
    this.transport = {
      url: `${root}/completion`,
      timeoutMs: options.timeoutMs ?? 120_000,
      requestTimeoutMs: options.requestTimeoutMs ?? defaultRequestTimeoutMs,
      maxRetries: 2,
      retryBaseDelayMs: 500,
      maxRetryDelayMs: 30_000,
      maxResponseBytes: options.maxResponseBytes ?? defaultMaxResponseBytes,
      fetch: options.fetch ?? globalThis.fetch,
    };
    this.info = {
      backend: "llama-server",
      api: "raw",
      model: props.modelPath ?? root,
      format: format.name,
      baseUrl: root,
      ...(props.buildInfo === undefined ? {} : { backendVersion: props.buildInfo }),
      ...(randomWeights ? { randomWeights } : {}),
    };
    this.capabilities = {
      constrainedDecoding: false,
      chatTemplateSha256: props.chatTemplate === undefined ? null : sha256Hex(props.chatTemplate),
    };
  }

  private render(request: GenerateRequest): string {
    const tools = (request.toolChoice ?? "auto") === "none" ? [] : (request.tools ?? []);
    const variables = this.options.templateVariables ?? {};
    if (this.props.chatTemplate === undefined)
      return this.format.render(request.messages, tools, {
        ...(variables.enableThinking === undefined ? {} : { enableThinking: variables.enableThinking }),
      });
    return renderChatTemplate(this.props.chatTemplate, request.messages, tools, {
      bosToken: this.props.bosToken,
      eosToken: this.props.eosToken,
      source: `${this.root}/props chat_template`,
      ...(variables.enableThinking === undefined ? {} : { enableThinking: variables.enableThinking }),
      ...(variables.dateString === undefined ? {} : { dateString: variables.dateString }),
    });
  }

  async generate(request: GenerateRequest, options: GenerateOptions = {}): Promise<GenerateResult> {
    const start = performance.now();
    const prompt = this.render(request);
    const sampling = request.sampling ?? {};
    const body: Record<string, unknown> = {
      prompt,
      n_predict: request.maxTokens ?? this.options.defaultMaxTokens ?? 1024,
      temperature: sampling.temperature ?? 0,
      cache_prompt: true,
      stream: false,
    };
    if (sampling.topP !== undefined) body.top_p = sampling.topP;
    if (sampling.topK !== undefined) body.top_k = sampling.topK;
    if (sampling.seed !== undefined) body.seed = sampling.seed;
    let response: Awaited<ReturnType<typeof openChatCompletion>>;
    try {
      response = await openChatCompletion(this.transport, body, options.signal);
    } catch (error) {
      if (!(error instanceof BackendHttpError && isUnparsedOutputMessage(error.serverMessage))) throw error;
      const totalMs = since(start);
      const what = "plain text (malformed UTF-8, most likely)";
      return {
        ...unparsedOutputResult(error.serverMessage, "", { firstTokenMs: totalMs, totalMs }, false, what),
        renderedPrompt: prompt,
      };
    }
    let text: string;
    try {
      text = await response.text();
    } finally {
      response.close();
    }
    const totalMs = since(start);
    let reply: unknown;
    try {
      reply = JSON.parse(text);
    } catch {
      reply = undefined;
    }
    if (!isPlainObject(reply) || typeof reply.content !== "string")
      throw new EdgecallError(
        "backend-protocol",
        `${this.transport.url}: not a /completion reply (no content): ${abbreviate(text, 200)}`,
        { subject: this.transport.url },
      );
    const rawText = reply.content;
    const tools = request.tools ?? [];
    const parts = this.format.parse(rawText, tools);
    const server = readServerTimings(reply.timings);
    const usage = usageWithServer(undefined, server);
    const stoppedOnLength = reply.stop_type === "limit" || reply.truncated === true;
    return {
      rawText,
      parts,
      finishReason: finishReasonFor(parts, stoppedOnLength),
      usage: usage ?? { inputTokens: 0, outputTokens: 0 },
      timing: timingWithServer({ firstTokenMs: totalMs, totalMs }, server, false),
      renderedPrompt: prompt,
      details: {
        usageKnown: usage !== undefined,
        streamed: false,
        ...(typeof reply.stop_type === "string" ? { serverStopType: reply.stop_type } : {}),
        ...(isPlainObject(reply.timings) ? { serverTimings: reply.timings } : {}),
      },
    };
  }

  async close(): Promise<void> {
    // Nothing is held between calls.
  }
}

/**
 * Opens a raw llama-server backend: reads `/props` (the server must be up), picks the format from
 * its chat template unless one is given. Throws the harness errors of {@link fetchLlamaServerProps}.
 */
export async function createLlamaServerBackend(options: LlamaServerOptions): Promise<ModelBackend> {
  const root = llamaServerRoot(options.baseUrl);
  const props = await fetchLlamaServerProps(root, options.timeoutMs ?? 120_000, options.fetch);
  const format = options.format ?? getFormat(detectFormat(props.chatTemplate) ?? "json");
  return new LlamaServerBackend(options, root, props, format, await localRandomWeights(props.modelPath));
}

/**
 * True when the server's model file is on this machine and is one edgecall synthesised (random
 * weights, `edgecall.random_weights` in its metadata), so that every output says so. A file that
 * is elsewhere, or unreadable, counts as real weights: HTTP cannot tell.
 */
async function localRandomWeights(modelPath: string | undefined): Promise<boolean> {
  if (modelPath === undefined) return false;
  try {
    const { readGguf } = await import("../../gguf/reader.js");
    const file = await readGguf(modelPath, { maxArrayElementsKept: 0 });
    return file.metadata.get("edgecall.random_weights") === true;
  } catch {
    return false;
  }
}
