/**
 * The llama-cpp backend's context sequences, lent one call at a time. A context holds N sequences
 * (`--concurrency N` in-process); node-llama-cpp batches the tokens of every sequence that is
 * evaluating into one decode, so N calls run together. Each sequence keeps the tokens of its last
 * call, so a call goes to the free sequence that already holds the longest prefix of its prompt
 * (ties: the one idle longest). Calls beyond N wait in first-in, first-out order; a waiting call
 * can be aborted, which takes it out of the line at once.
 */
import type { LlamaContextSequence, Token } from "node-llama-cpp";
import { abortedError } from "./aborted-error.js";

/** One sequence and what it remembers between calls. */
export interface SequenceSlot {
  readonly sequence: LlamaContextSequence;
  /** Index in the pool (0-based), for diagnostics. */
  readonly index: number;
}

interface Waiter {
  prompt: readonly Token[];
  grant: (slot: SequenceSlot) => void;
}

/** Lends sequences to calls; see the module comment. */
export class SequencePool {
  private readonly free: SequenceSlot[];
  private readonly waiting: Waiter[] = [];
  private readonly lastUsed = new Map<SequenceSlot, number>();
  private running = 0;
  private clock = 0;
  private drained: (() => void) | undefined;

  constructor(sequences: readonly LlamaContextSequence[]) {
    this.free = sequences.map((sequence, index) => ({ sequence, index }));
    for (const slot of this.free) this.lastUsed.set(slot, 0);
  }

  /** Number of sequences. */
  get size(): number {
    return this.lastUsed.size;
  }

  /**
   * Runs `job` on a sequence once one is free, choosing the one whose tokens share the longest
   * prefix with `prompt`. Rejects with "aborted" if `signal` fires while waiting.
   */
  run<T>(
    prompt: readonly Token[],
    job: (slot: SequenceSlot) => Promise<T>,
    signal?: AbortSignal,
  ): Promise<T> {
    if (signal?.aborted) return Promise.reject(abortedError());
    return new Promise<T>((resolve, reject) => {
      const start = (slot: SequenceSlot) => {
        signal?.removeEventListener("abort", onAbort);
        if (signal?.aborted) {
          this.release(slot);
          reject(abortedError());
          return;
        }
        this.running += 1;
        job(slot)
          .then(resolve, reject)
          .finally(() => {
            this.running -= 1;
            this.release(slot);
          });
      };
      const waiter: Waiter = { prompt, grant: start };
      const onAbort = () => {
        const position = this.waiting.indexOf(waiter);
        if (position < 0) return;
        this.waiting.splice(position, 1);
        reject(abortedError());
      };
      if (this.free.length > 0 && this.waiting.length === 0) {
        start(this.take(prompt));
        return;
      }
      signal?.addEventListener("abort", onAbort, { once: true });
      this.waiting.push(waiter);
    });
  }

  /** Resolves once no call is running or waiting. */
  idle(): Promise<void> {
    if (this.running === 0 && this.waiting.length === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const previous = this.drained;
      this.drained = () => {
        previous?.();
        resolve();
      };
    });
  }

  private take(prompt: readonly Token[]): SequenceSlot {
    let best = 0;
    let bestShared = -1;
    for (let index = 0; index < this.free.length; index++) {
      const slot = this.free[index]!;
      const shared = sharedPrefixLength(slot.sequence.contextTokens, prompt);
      const older = this.lastUsed.get(slot)! < this.lastUsed.get(this.free[best]!)!;
      if (shared > bestShared || (shared === bestShared && older)) {
        best = index;
        bestShared = shared;
      }
    }
    const [slot] = this.free.splice(best, 1);
    this.lastUsed.set(slot!, ++this.clock);
    return slot!;
  }

  private release(slot: SequenceSlot): void {
    this.free.push(slot);
    const next = this.waiting.shift();
    if (next !== undefined) {
      next.grant(this.take(next.prompt));
      return;
    }
    if (this.running === 0 && this.drained !== undefined) {
      const drained = this.drained;
      this.drained = undefined;
      drained();
    }
  }
}

/** How many leading tokens `held` and `prompt` share. */
export function sharedPrefixLength(held: readonly Token[], prompt: readonly Token[]): number {
  const length = Math.min(held.length, prompt.length);
  let index = 0;
  while (index < length && held[index] === prompt[index]) index++;
  return index;
}
