/**
 * The ModelBackend seam: one model, however it is served (in-process GGUF, an OpenAI-compatible
 * server, or a replayed script). Everything that needs model output goes through `generate`.
 */
import type { ChatMessage, ContentPart, ResponseFormat, ToolDefinition } from "../messages.js";
import type { FlashAttentionSetting } from "./llama-cpp/flash-attention.js";

export type { ResponseFormat } from "../messages.js";

/** How the model is allowed to answer when tools are offered. */
export type ToolChoice = "auto" | "required" | "none";

/** `free`: the model writes its native format and we parse it. `constrained`: grammar-constrained calls. */
export type DecodingMode = "free" | "constrained";

/** Sampling settings. Unset fields take the backend's defaults (temperature 0 = greedy). */
export interface SamplingSettings {
  temperature?: number;
  topP?: number;
  topK?: number;
  seed?: number;
}

/** One model call. */
export interface GenerateRequest {
  messages: ChatMessage[];
  tools?: ToolDefinition[];
  toolChoice?: ToolChoice;
  sampling?: SamplingSettings;
  /** Most tokens to generate; the backend's default when unset. */
  maxTokens?: number;
  decoding?: DecodingMode;
  /** The shape the reply's text must take; unset: free text. */
  responseFormat?: ResponseFormat;
  /**
   * Stop sequences: generation ends where the output first contains one, and the reply's text
   * ends before it (the sequence itself is not part of `rawText`).
   */
  stop?: string[];
  /** The sample this call belongs to (the replay backend serves scripted outputs by it). */
  sampleId?: string;
}

/** Why generation ended. `tool-calls`: the reply holds at least one call. */
export type FinishReason = "stop" | "tool-calls" | "length" | "error";

/** Token counts for one call. */
export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
  /**
   * Input tokens the backend did not evaluate again because it already held them (a reused prompt
   * prefix), where the backend reports it; included in `inputTokens`.
   */
  cachedInputTokens?: number;
}

/** Timings measured by edgecall itself, in milliseconds, for one call. */
export interface GenerateTiming {
  /** Time to first generated token, from the start of `generate`. */
  firstTokenMs: number;
  /** Whole call. */
  totalMs: number;
  /** Prompt evaluation (prefill), where the backend can separate it. */
  prefillMs?: number;
  /** Token generation after the first token, where the backend can separate it. */
  decodeMs?: number;
  /** Model load, on the first call of a backend that loads lazily. */
  loadMs?: number;
}

/** What one model call produced. */
export interface GenerateResult {
  /** The model's raw output text, exactly as generated (tool-call markup included). */
  rawText: string;
  /** Parsed parts in order: text, reasoning, tool calls, and tool-call errors with their raw text. */
  parts: ContentPart[];
  finishReason: FinishReason;
  usage: TokenUsage;
  timing: GenerateTiming;
  /** The prompt text as rendered for the model, where the backend renders it. */
  renderedPrompt?: string;
  /** The report of the backends that can constrain decoding (llama-cpp: every call, 1 attempt when free). */
  constrained?: ConstrainedDecodingReport;
  /** For the replay backend and tests: free-form backend details. */
  details?: Record<string, unknown>;
}

/** Streaming events, for UIs. The final event carries the whole result. */
export type StreamEvent = { type: "text-delta"; text: string } | { type: "finish"; result: GenerateResult };

/** Per-call options that are not part of the request itself. */
export interface GenerateOptions {
  signal?: AbortSignal;
  /**
   * Receives the prompt as rendered for the model before generation starts, from backends that
   * render prompts (llama-cpp): a streaming caller learns from it whether the prompt opened a
   * reasoning block the output will close.
   */
  onPrompt?: (renderedPrompt: string) => void;
}

/** Facts about a backend and its model, recorded as provenance. */
export interface BackendInfo {
  /** `llama-cpp`, `openai-compatible` or `replay`. */
  backend: string;
  /** Backend library or server version where known. */
  backendVersion?: string;
  /** The model name or file path. */
  model: string;
  /** Tool-call format used to parse output, where the backend parses. */
  format?: string;
  /** True when the weights are random (synthesised): every output that shows numbers says so. */
  randomWeights?: boolean;
  /** GGUF backends: `general.architecture`. */
  architecture?: string;
  /** GGUF backends: the file type's quantisation name (`Q4_K_M`, ...). */
  quantisation?: string;
  /** In-process backends: where the model runs (`cpu`, `cuda`, `vulkan`, `metal`). */
  device?: string;
  /** In-process backends: CPU threads. */
  threads?: number;
  /** In-process backends: context size in tokens. */
  contextSize?: number;
  /** In-process backends: the context length the model was trained for (`<arch>.context_length`), where the file says. */
  trainContextSize?: number;
  /** In-process backends: context sequences, calls evaluated together. */
  sequences?: number;
  /** In-process backends: whether a sequence keeps what it holds between calls (prefix reuse). */
  prefixReuse?: boolean;
  /** In-process backends: whether drafted tokens (call skeletons, prompt lookup) are verified in batches. */
  promptLookup?: boolean;
  /** In-process backends: llama.cpp's flash attention setting (`auto`, `on`, `off`). */
  flashAttention?: FlashAttentionSetting;
  /** In-process backends: whether special tokens are parsed in message contents (false: plain text). */
  parseSpecialInMessages?: boolean;
  /** In-process backends: how long loading took, in ms. */
  loadMs?: number;
  /**
   * In-process backends, files without a chat template: the prompt used instead (`gemma-turns`,
   * `<format>-format-prompt`; formats/fallback-template.ts).
   */
  chatTemplateFallback?: string;
  /** In-process backends: plain completion of the text, no chat template (`run --raw`). */
  rawCompletion?: boolean;
  /**
   * In-process backends: the file's chat template does not show tools, so requests with tools are
   * rendered by the format's own prompt (formats/template-tools.ts).
   */
  templateIgnoresTools?: boolean;
  /** HTTP backends: the server's base URL (a fleet's first). */
  baseUrl?: string;
  /** Fleets: every server's base URL. */
  servers?: string[];
  /** HTTP backends: the API used, `chat` (`/chat/completions`) or `raw` (llama-server's `/completion`). */
  api?: "chat" | "raw";
  /** The replay backend: outputs its script holds. */
  scriptedOutputs?: number;
}

/**
 * What a backend can do, typed, for the callers that branch on it (the CLI's `--constrained`
 * warning, provenance). Not part of {@link BackendInfo}, which is recorded as JSON as it is.
 */
export interface BackendCapabilities {
  /** `decoding: "constrained"` is enforced (a grammar over the call syntax and argument schemas). */
  constrainedDecoding: boolean;
  /**
   * `stop` is honoured (the reply ends before the first stop sequence). Absent: not known to be,
   * and `serve` refuses requests with stop sequences rather than ignore them.
   */
  stopSequences?: boolean;
  /**
   * Hex sha256 of the chat template prompts are rendered with; null when the model has none;
   * undefined when the backend does not render prompts itself (HTTP, replay).
   */
  chatTemplateSha256?: string | null;
}

/** The capabilities of a backend that declares none: nothing constrained, no template known. */
export const noCapabilities: BackendCapabilities = { constrainedDecoding: false };

/** What constrained decoding reports about one call: attempts made and schema problems left. */
export interface ConstrainedDecodingReport {
  /** Samples drawn (1 when the first was valid). */
  attempts: number;
  /** Problems the returned calls still have (calls that break their schema, unparsed calls). */
  argumentProblems: string[];
}

/** One server of a fleet (`openai:URL1,URL2#MODEL`) and what it did. */
export interface ServerStats {
  url: string;
  /** Calls sent to it. */
  requests: number;
  /** Calls it answered (a result came back). */
  succeeded: number;
  /** Calls that failed on it (each then went to another server, or failed the sample when none was left). */
  failed: number;
  /** Times it was taken out of rotation for not answering. */
  removed: number;
  /** Whether it was in rotation when the report was made. */
  inRotation: boolean;
}

/** What a backend did over its life that a run records (run.json, each session's `backend`). */
export interface BackendReport {
  /** A fleet's servers, in the order the spec lists them. */
  servers?: ServerStats[];
  /**
   * Tool-schema bounds dropped so that a server's grammar could take the schemas (the argument
   * validator still checks them), one line each: `TOOL POINTER KEYWORD VALUE`.
   */
  relaxedBounds?: string[];
}

/** A model, however it is served. */
export interface ModelBackend {
  readonly info: BackendInfo;
  /** What it can do; absent means {@link noCapabilities}. */
  readonly capabilities?: BackendCapabilities;
  /** One model call. Rejects only with harness errors (`EdgecallError`); malformed output is data. */
  generate(request: GenerateRequest, options?: GenerateOptions): Promise<GenerateResult>;
  /** The same call, streamed. Optional: callers fall back to `generate`. */
  stream?(request: GenerateRequest, options?: GenerateOptions): AsyncIterable<StreamEvent>;
  /** What it did so far, for the run's record. Optional: absent means nothing to report. */
  report?(): BackendReport;
  /** Frees the model and its resources. Idempotent. */
  close(): Promise<void>;
}

/** The finish reason implied by parsed parts, when generation itself stopped normally. */
export function finishReasonFor(parts: readonly ContentPart[], stoppedOnLength: boolean): FinishReason {
  if (stoppedOnLength) return "length";
  return parts.some((part) => part.type === "tool-call") ? "tool-calls" : "stop";
}
