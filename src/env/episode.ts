/**
 * One episode of `env serve`: a sample run by its suite's own solver and scored by its own scorer
 * (the eval runner's `runItem`, so worlds, guards, confirmations, the simulated user and the score
 * are exactly those of `eval`), with a model that is the client. The solver's model is a backend
 * whose `generate` waits: each time the solver asks the model for its next output, the pending
 * reset or step is answered with what the model was given (the conversation so far and the offered
 * tools), and the next step's assistant message becomes that call's output. When the solver
 * finishes, the pending step is answered with the score as reward and `done`.
 *
 * One step at a time: a step while another is being run, or after the end, is refused. Closing an
 * episode (idle expiry, a reset on the same `/ws` connection, the server stopping) aborts its
 * solver, whose world goes with it.
 */
import type { GenerateRequest, GenerateResult, ModelBackend } from "../backend/model-backend.js";
import { rewardValue } from "../eval/reward-value.js";
import type { WorkItem } from "../eval/run-plan.js";
import { defaultAgentSettings, runItem } from "../eval/runner.js";
import type { SampleResult } from "../eval/sample-result.js";
import { AbortedSample } from "../eval/solver.js";
import type { ChatMessage } from "../messages.js";
import { type ModelOutput, modelOutputOf, type WireAction } from "./assistant-action.js";
import { EnvRefusal } from "./env-refusal.js";
import type { EpisodeView } from "./observation.js";

/** What the solver did next: asked the model again, finished, or was stopped. */
type EpisodeEvent =
  | { kind: "turn"; request: GenerateRequest }
  | { kind: "end"; result: SampleResult }
  | { kind: "closed" };

interface Waiter<T> {
  resolve(value: T): void;
  reject(error: unknown): void;
}

/** The settings an episode's model calls carry (as `suite check`'s). */
const episodeSettings = { seed: 0, maxTokens: 1024, decoding: "free", toolChoice: "auto" } as const;

/** An episode over one work item. */
export class Episode {
  readonly id: string;
  readonly item: WorkItem;
  #stepCount = 0;
  readonly #abort = new AbortController();
  /** The solver, waiting for the model's next output. */
  #answer: Waiter<GenerateResult> | undefined;
  /** A reset or step, waiting for what the solver does next. */
  #waiting: Waiter<EpisodeEvent> | undefined;
  #lastRequest: GenerateRequest | undefined;
  #lastOutput: ModelOutput | undefined;
  /** Messages the client has seen (the last observation's, plus its own reply). */
  #seen = 0;
  #result: SampleResult | undefined;
  #closed = false;

  constructor(id: string, item: WorkItem) {
    this.id = id;
    this.item = item;
  }

  /** Steps taken. */
  get stepCount(): number {
    return this.#stepCount;
  }

  /** True once scored (or closed). */
  get done(): boolean {
    return this.#result !== undefined || this.#closed;
  }

  /** True while a step is being run. */
  get busy(): boolean {
    return this.#waiting !== undefined;
  }

  /** The result once scored. */
  get result(): SampleResult | undefined {
    return this.#result;
  }

  /** Starts the solver; resolves with the first observation (or the end, for a solver that asks nothing). */
  start(): Promise<EpisodeView> {
    const next = this.#next();
    const backend: ModelBackend = {
      info: { backend: "env", model: "the env serve client", format: "json" },
      generate: (request) => this.#modelCall(request),
      close: async () => undefined,
    };
    runItem(
      { backend, settings: episodeSettings, agent: defaultAgentSettings, signal: this.#abort.signal },
      this.item,
    )
      .then((result) => this.#deliver(result === undefined ? { kind: "closed" } : { kind: "end", result }))
      .catch((error: unknown) => this.#fail(error));
    return next.then((event) => this.#view(event, true));
  }

  /** Answers the model call the solver waits on with `action`; resolves with what follows. */
  step(action: WireAction): Promise<EpisodeView> {
    if (this.done) {
      const reward = this.#result === undefined ? "" : ` (reward ${rewardValue(this.#result)})`;
      throw new EnvRefusal(409, "EPISODE_DONE", `episode ${this.id} is done${reward}: reset for a new one`);
    }
    const answer = this.#answer;
    if (answer === undefined || this.#waiting !== undefined)
      throw new EnvRefusal(409, "EPISODE_BUSY", `episode ${this.id} is still running the previous step`);
    this.#answer = undefined;
    this.#stepCount += 1;
    this.#lastOutput = modelOutputOf(action);
    this.#seen = (this.#lastRequest?.messages.length ?? 0) + 1;
    const next = this.#next();
    answer.resolve(this.#lastOutput.result);
    return next.then((event) => this.#view(event, false));
  }

  /** Stops the solver and drops the world. Idempotent. */
  close(): Promise<void> {
    if (!this.#closed) {
      this.#closed = true;
      this.#abort.abort();
      this.#answer?.reject(new AbortedSample());
      this.#answer = undefined;
      this.#deliver({ kind: "closed" });
    }
    return Promise.resolve();
  }

  #next(): Promise<EpisodeEvent> {
    return new Promise((resolve, reject) => {
      this.#waiting = { resolve, reject };
    });
  }

  #deliver(event: EpisodeEvent): void {
    if (event.kind === "end") this.#result = event.result;
    const waiting = this.#waiting;
    this.#waiting = undefined;
    waiting?.resolve(event);
  }

  #fail(error: unknown): void {
    this.#closed = true;
    const waiting = this.#waiting;
    this.#waiting = undefined;
    waiting?.reject(error);
  }

  #modelCall(request: GenerateRequest): Promise<GenerateResult> {
    if (this.#closed) return Promise.reject(new AbortedSample());
    this.#lastRequest = request;
    const answer = new Promise<GenerateResult>((resolve, reject) => {
      this.#answer = { resolve, reject };
    });
    this.#deliver({ kind: "turn", request });
    return answer;
  }

  #view(event: EpisodeEvent, first: boolean): EpisodeView {
    const { sample, suite } = this.item;
    const base = { episodeId: this.id, sampleId: sample.id, suite: suite.name, stepCount: this.#stepCount };
    if (event.kind === "turn") {
      const { messages } = event.request;
      return {
        ...base,
        messages,
        newFrom: messages.length >= this.#seen ? this.#seen : 0,
        tools: event.request.tools ?? [],
        ...(event.request.toolChoice === undefined ? {} : { toolChoice: event.request.toolChoice }),
        done: false,
        reward: first ? null : 0,
        passed: null,
        explanation: null,
      };
    }
    if (event.kind === "closed")
      throw new EnvRefusal(404, "EPISODE_NOT_FOUND", `episode ${this.id} was closed before it ended`);
    const messages: ChatMessage[] = [
      ...(this.#lastRequest?.messages ?? sample.messages),
      ...(this.#lastOutput === undefined ? [] : [this.#lastOutput.message]),
    ];
    return {
      ...base,
      messages,
      newFrom: messages.length,
      tools: this.#lastRequest?.tools ?? sample.tools,
      done: true,
      reward: rewardValue(event.result),
      passed: event.result.passed,
      explanation: event.result.explanation,
    };
  }
}
