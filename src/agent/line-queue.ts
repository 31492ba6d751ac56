/**
 * Lines typed (or piped) into the chat, read one at a time by whoever asks next: the chat loop
 * for a user message, the confirm callback for a y/n answer. Works the same on a terminal and on
 * scripted stdin, where every line may already be buffered when the chat starts.
 */
import type { Interface } from "node:readline";

/** An async queue over a readline interface's lines. */
export class LineQueue {
  private readonly lines: string[] = [];
  private readonly waiters: ((line: string | null) => void)[] = [];
  private ended = false;

  constructor(readline: Interface) {
    readline.on("line", (line) => {
      const waiter = this.waiters.shift();
      if (waiter) waiter(line);
      else this.lines.push(line);
    });
    readline.on("close", () => this.end());
  }

  /** True once input has ended and every buffered line has been read. */
  get done(): boolean {
    return this.ended && this.lines.length === 0;
  }

  /** Ends the queue: pending and later reads get null. */
  end(): void {
    this.ended = true;
    for (const waiter of this.waiters.splice(0)) waiter(null);
  }

  /** The next line, or null at the end of input (Ctrl-D) or when `signal` fires first. */
  next(signal?: AbortSignal): Promise<string | null> {
    const buffered = this.lines.shift();
    if (buffered !== undefined) return Promise.resolve(buffered);
    if (this.ended || signal?.aborted) return Promise.resolve(null);
    return new Promise((resolve) => {
      const waiter = (line: string | null) => {
        signal?.removeEventListener("abort", onAbort);
        resolve(line);
      };
      const onAbort = () => {
        const index = this.waiters.indexOf(waiter);
        if (index >= 0) this.waiters.splice(index, 1);
        resolve(null);
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      this.waiters.push(waiter);
    });
  }
}
