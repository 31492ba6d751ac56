/**
 * Lockstep decoding for a context's parallel sequences, so their next tokens share one batch.
 *
 * node-llama-cpp batches the tokens that every sequence has queued when it dispatches a decode,
 * and keeps dispatching while tokens are queued. After a batch each sequence's sampled token
 * travels back through several promise hops before its next token is queued, and the dispatcher
 * checks the queue before the slowest one arrives: four sequences decoding together were
 * measured at three tokens per batch, every batch (docs/prefix-reuse.md, "Decoding in lockstep").
 * On the CPU that costs more than a quarter of the batch: for Q4_0 weights ggml's repacked
 * kernels multiply four rows of activations at once and fall back to one row at a time for the
 * rest, so three tokens cost three single-token passes while four cost about two and a half.
 *
 * So a sequence that has its token waits here until every other decoding sequence has its token
 * too, and all of them queue their next tokens together: the dispatcher then finds the queue empty,
 * ends its loop, and the next dispatch takes all of them in one batch.
 *
 * They queue in increasing sequence order. node-llama-cpp leaves llama.cpp's KV cache one stream
 * per sequence (`kv_unified` off), and llama.cpp then splits a batch into one pass per run of
 * consecutive sequence ids in the order the tokens were added (llama-batch.cpp, `split_equal`):
 * sequences 2, 3, 0, 1 cost two passes of two rows, 0, 1, 2, 3 one pass of four. Measured with four
 * sequences on qwen3-0.6b Q4_0, 2 threads: 51 ms a step in order, 68-75 ms out of order, about
 * 93 ms with the tokens in the random order in which four pool threads finish sampling.
 *
 * Who is waited for: every member whose next token will come from the next batch, that is every
 * decoding member and every member whose prompt fits in one batch (it joins with its prompt
 * queued, so calls that start together, or one that starts while others decode, line up from
 * their first token). A member evaluating a longer prompt is not waited for until its first token:
 * its prompt takes several batches, and while it does nobody waits at all, so decoding tokens join
 * whichever of its chunks they reach. A member that leaves (its call ended, stopped or was aborted)
 * no longer holds anyone back. Greedy output is unchanged: only which tokens share a batch changes
 * (see docs/benchmarks.md on batch shapes).
 */

/** One decode's place at the barrier; see {@link DecodeStepBarrier.join}. */
export interface StepMember {
  /** The decode has its first token (a member that joined with a long prompt now takes part). */
  decoding(): void;
  /** Resolves once every member waited for has its token for this step (at once when alone). */
  arrive(): Promise<void>;
  /** The decode ended: as soon as it stops decoding, and again in a `finally` (later calls do nothing). */
  leave(): void;
}

/** The barrier of one context; see the module comment. */
export class DecodeStepBarrier {
  private longPrompts = 0;
  private readonly members = new Set<object>();
  private waiting: { order: number; resolve: () => void }[] = [];

  /** @param batchTokens The context's batch size: a longer prompt takes several batches. */
  constructor(private readonly batchTokens: number) {}

  /**
   * Joins a decode whose prompt (`promptTokens` still to evaluate) is about to be queued. `order`
   * is its sequence's id: tokens must reach the batch in increasing sequence order.
   */
  join(order: number, promptTokens: number): StepMember {
    const identity = {};
    let state: "long prompt" | "member" | "left" = "member";
    if (promptTokens > this.batchTokens) {
      state = "long prompt";
      this.longPrompts += 1;
      this.releaseIfDue();
    } else {
      this.members.add(identity);
    }
    return {
      decoding: () => {
        if (state !== "long prompt") return;
        state = "member";
        this.longPrompts -= 1;
        this.members.add(identity);
      },
      arrive: () => {
        if (state !== "member" || this.longPrompts > 0 || this.members.size <= 1) return Promise.resolve();
        return new Promise<void>((resolve) => {
          this.waiting.push({ order, resolve });
          this.releaseIfDue();
        });
      },
      leave: () => {
        if (state === "long prompt") this.longPrompts -= 1;
        else if (state === "member") this.members.delete(identity);
        state = "left";
        this.releaseIfDue();
      },
    };
  }

  /** Decodes waiting now (for tests and diagnostics). */
  get waitingCount(): number {
    return this.waiting.length;
  }

  private releaseIfDue(): void {
    if (this.waiting.length === 0) return;
    if (this.longPrompts === 0 && this.waiting.length < this.members.size) return;
    const released = this.waiting.sort((a, b) => a.order - b.order);
    this.waiting = [];
    // All resolved in one go, in sequence order, from a microtask of their own: then every member,
    // the one whose arrival completed the step included, is waiting on a pending promise, each
    // goes the same way from here to queueing its next token, and they queue in this order.
    queueMicrotask(() => {
      for (const { resolve } of released) resolve();
    });
  }
}
