/**
 * The `llama-cpp` ModelBackend: a GGUF run in-process by node-llama-cpp (pinned 3.21.1). Prompts
 * are the file's own chat template; output is parsed by the tool-call format. Decoding is `free`
 * (no grammar) or `constrained`: with toolChoice `required` (or a format whose calls have no
 * prefix) the call prefix is placed after the prompt and the call grammar applies from the first
 * token; with `auto` the model writes freely until it opens a call, then the grammar takes over.
 * Constrained calls whose arguments still fail ajv are resampled with a new seed (up to 3 times,
 * decode-attempts.ts).
 * Each call runs on one of the context's sequences (sequence-pool.ts) and, unless prefix reuse is
 * off, evaluates only the part of its prompt that sequence does not already hold (prefix-reuse.ts).
 * Import this module lazily: it loads node-llama-cpp.
 */
import { EdgecallError } from "../../errors.js";
import type { ToolCallFormat } from "../../formats/tool-call-format.js";
import { ArgumentValidator } from "../../grammar/argument-validator.js";
import { sha256Hex } from "../../sha256.js";
import type {
  BackendCapabilities,
  BackendInfo,
  GenerateOptions,
  GenerateRequest,
  GenerateResult,
  ModelBackend,
  StreamEvent,
} from "../model-backend.js";
import { ggufFileIdentity } from "../model-identity.js";
import type { LlamaCppBackendOptions } from "./backend-options.js";
import { CallGrammars } from "./call-grammars.js";
import { type CallShape, callShape } from "./call-shape.js";
import { CheckpointPlanner } from "./checkpoint-plan.js";
import {
  type AttemptBackend,
  type AttemptCall,
  decodeAttempts,
  type PreparedPrompt,
} from "./decode-attempts.js";
import { DecodeStepBarrier } from "./decode-step-barrier.js";
import { type LoadedLlamaModel, loadLlamaModel, nodeLlamaCppVersion } from "./load.js";
import { PrefixSnapshots, type SnapshotRole } from "./prefix-snapshots.js";
import { PrefixStateStore } from "./prefix-state-store.js";
import { buildPrompt, type PromptSource } from "./prompt.js";
import { SequencePool } from "./sequence-pool.js";
import { streamFromRun } from "./stream.js";

export type { LlamaCppBackendOptions } from "./backend-options.js";

class LlamaCppBackend implements ModelBackend {
  readonly info: BackendInfo;
  readonly capabilities: BackendCapabilities;
  private readonly format: ToolCallFormat;
  private readonly pool: SequencePool;
  private readonly promptSource: PromptSource;
  private readonly checkpoints: CheckpointPlanner;
  private readonly snapshots: PrefixSnapshots;
  private readonly reusePrefix: boolean;
  private readonly grammars: CallGrammars;
  private readonly attemptBackend: AttemptBackend;
  private closing: Promise<void> | undefined;
  private closed = false;
  private firstCall = true;

  constructor(
    private readonly loaded: LoadedLlamaModel,
    private readonly options: LlamaCppBackendOptions,
    modelIdentity: string | undefined,
  ) {
    this.format = loaded.format;
    this.pool = new SequencePool(loaded.sequences);
    this.reusePrefix = options.prefixReuse ?? true;
    const cache = options.prefixStateCache;
    this.snapshots = new PrefixSnapshots(
      cache === undefined || modelIdentity === undefined
        ? undefined
        : new PrefixStateStore(cache, {
            model: modelIdentity,
            runtime: `node-llama-cpp ${nodeLlamaCppVersion}`,
            settings: { device: loaded.device, flashAttention: loaded.flashAttention },
          }),
    );
    this.promptSource = {
      model: loaded.model,
      chatTemplate: loaded.chatTemplate,
      ...(loaded.templateIgnoresTools === true ? { templateIgnoresTools: true } : {}),
      format: this.format,
      path: options.modelPath,
      parseSpecialInMessages: options.parseSpecialInMessages === true,
      ...(options.rawCompletion === true ? { raw: true } : {}),
      ...(options.templateVariables?.dateString === undefined
        ? {}
        : { dateString: options.templateVariables.dateString }),
    };
    this.checkpoints = new CheckpointPlanner(this.promptSource);
    this.grammars = new CallGrammars(loaded.llama, this.format, options.parallelToolCalls ?? true);
    this.attemptBackend = {
      model: loaded.model,
      format: this.format,
      grammars: this.grammars,
      checkpoints: this.checkpoints,
      validator: new ArgumentValidator(),
      reusePrefix: this.reusePrefix,
      // Several sequences decode in lockstep, one batch per step (decode-step-barrier.ts).
      steps: loaded.sequences.length > 1 ? new DecodeStepBarrier(loaded.context.batchSize) : undefined,
      defaultMaxTokens: options.defaultMaxTokens,
      seed: options.seed,
      recordTokenIds: options.recordTokenIds === true,
    };
    this.info = {
      backend: "llama-cpp",
      backendVersion: `node-llama-cpp ${nodeLlamaCppVersion}`,
      model: options.modelPath,
      format: loaded.format.name,
      randomWeights: loaded.randomWeights,
      architecture: loaded.architecture,
      quantisation: loaded.quantisation,
      device: loaded.device,
      threads: loaded.threads,
      contextSize: loaded.context.contextSize,
      ...(loaded.model.trainContextSize > 0 ? { trainContextSize: loaded.model.trainContextSize } : {}),
      sequences: loaded.sequences.length,
      prefixReuse: this.reusePrefix,
      promptLookup: options.promptLookup === true,
      flashAttention: loaded.flashAttention,
      parseSpecialInMessages: options.parseSpecialInMessages === true,
      loadMs: Math.round(loaded.loadMs),
      ...(loaded.templateFallback === undefined || options.rawCompletion === true
        ? {}
        : { chatTemplateFallback: loaded.templateFallback.name }),
      ...(options.rawCompletion === true ? { rawCompletion: true } : {}),
      ...(loaded.templateIgnoresTools === true && options.rawCompletion !== true
        ? { templateIgnoresTools: true }
        : {}),
    };
    const template = loaded.chatTemplate;
    this.capabilities = {
      constrainedDecoding: true,
      stopSequences: true,
      chatTemplateSha256: template === undefined ? null : sha256Hex(template),
    };
  }

  generate(request: GenerateRequest, options: GenerateOptions = {}): Promise<GenerateResult> {
    return this.schedule(request, callShape(request, this.format), options, undefined);
  }

  stream(request: GenerateRequest, options: GenerateOptions = {}): AsyncIterable<StreamEvent> {
    // The call's shape is worked out once here and travels with the call (prompt, grammar, attempts).
    const shape = callShape(request, this.format);
    // Constrained calls may be resampled, so their text is sent once, when final.
    const live = request.decoding !== "constrained" || shape.structured;
    return streamFromRun(
      (onText, signal) => this.schedule(request, shape, { ...options, signal }, live ? onText : undefined),
      options.signal,
    );
  }

  close(): Promise<void> {
    // Calls already running or waiting finish first; later ones are refused.
    this.closing ??= this.pool.idle().then(async () => {
      this.closed = true;
      this.snapshots.close();
      const { context, model, llama, ownsLlama } = this.loaded;
      await context.dispose();
      await model.dispose();
      if (ownsLlama) await llama.dispose();
    });
    return this.closing;
  }

  /** Builds the prompt, then runs the call on the free sequence that holds most of it. */
  private async schedule(
    request: GenerateRequest,
    shape: CallShape,
    { signal, onPrompt }: GenerateOptions,
    onText: ((delta: string) => void) | undefined,
  ): Promise<GenerateResult> {
    if (this.closing) throw this.closedError();
    const builtAt = performance.now();
    const prompt = this.prepare(request, shape);
    const buildMs = performance.now() - builtAt;
    onPrompt?.(prompt.text);
    // Times count from when the call leaves the line, plus the time its prompt took to build.
    return this.pool.run(
      prompt.tokens,
      (slot) =>
        this.run({ slot, request, shape, prompt, startedAt: performance.now() - buildMs, signal, onText }),
      signal,
    );
  }

  private closedError(): EdgecallError {
    return new EdgecallError("invalid-argument", `the model ${this.options.modelPath} is closed`, {
      subject: this.options.modelPath,
    });
  }

  private prepare(request: GenerateRequest, shape: CallShape): PreparedPrompt {
    const { offered, forceCall, structured } = shape;
    // The grammar applies from the first token, so there is no room for a reasoning block.
    const enableThinking = forceCall || structured ? false : this.options.templateVariables?.enableThinking;
    const rendered = buildPrompt(this.promptSource, request.messages, offered, enableThinking);
    return { ...rendered, enableThinking, forcedText: forceCall ? this.format.callPrefix : "" };
  }

  private async run(call: AttemptCall): Promise<GenerateResult> {
    if (this.closed) throw this.closedError();
    const { slot, request, prompt } = call;
    const { offered, constrained, structured } = call.shape;
    const grammar = structured
      ? await this.grammars.responseGrammarFor(request.responseFormat!)
      : constrained
        ? await this.grammars.grammarFor(offered)
        : undefined;
    const { model, context } = this.loaded;
    const { sequence } = slot;
    const room =
      context.contextSize - prompt.tokens.length - model.tokenize(prompt.forcedText, true).length - 1;
    if (room <= 0) {
      throw new EdgecallError(
        "invalid-argument",
        `the prompt has ${prompt.tokens.length} tokens but the context of ${this.options.modelPath} holds ${context.contextSize}; raise the context size`,
        { subject: "contextSize" },
      );
    }
    // With several sequences, a cold one takes the instructions prefix another already evaluated;
    // with a prefix state cache, one an earlier process evaluated.
    const snapshot: SnapshotRole =
      this.reusePrefix && (this.pool.size > 1 || this.snapshots.persistent)
        ? await this.snapshots.prepare(
            sequence,
            prompt.tokens,
            this.checkpoints.instructionLength(
              request.messages,
              offered,
              prompt.enableThinking,
              prompt.tokens,
            ),
          )
        : { kind: "none" };
    const loadMs = this.firstCall ? this.loaded.loadMs : undefined;
    this.firstCall = false;
    try {
      return await decodeAttempts(this.attemptBackend, call, {
        ...(loadMs === undefined ? {} : { loadMs }),
        grammar,
        room,
        ...(snapshot.kind === "producer"
          ? { prefixReached: { length: snapshot.length, run: snapshot.save } }
          : {}),
      });
    } finally {
      if (snapshot.kind === "producer") snapshot.abandon();
    }
  }
}

/**
 * Loads `options.modelPath` and returns a backend for it. Load failures reject with
 * EdgecallError("model-load") naming the file; node-llama-cpp never builds anything at run time.
 */
export async function createLlamaCppBackend(options: LlamaCppBackendOptions): Promise<ModelBackend> {
  const loaded = await loadLlamaModel(options);
  const cache = options.prefixStateCache;
  const persist = cache !== undefined && cache.maxBytes > 0 && (options.prefixReuse ?? true);
  // The identity the open computed (opened-model.ts), else the same one from the file.
  const identity = persist
    ? (options.modelIdentity ?? (await ggufFileIdentity(options.modelPath)))
    : undefined;
  return new LlamaCppBackend(loaded, options, identity);
}
