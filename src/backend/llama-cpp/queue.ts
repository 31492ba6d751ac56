/**
 * Runs the llama-cpp backend's calls one at a time (it has one context sequence). A call waiting
 * its turn can be aborted, which takes it out of the line at once.
 */
import { EdgecallError } from "../../errors.js";

/** The error every aborted llama-cpp call rejects with. */
export function abortedError(): EdgecallError {
  return new EdgecallError("aborted", "the model call was aborted");
}

/** A first-in, first-out line of async jobs, one running at a time. */
export class SerialQueue {
  private tail: Promise<void> = Promise.resolve();

  /** Runs `job` after every job queued before it. Rejects with "aborted" if `signal` fires first. */
  run<T>(job: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (signal?.aborted) return Promise.reject(abortedError());
    const previous = this.tail;
    let release!: () => void;
    this.tail = new Promise<void>((resolve) => {
      release = resolve;
    });
    return new Promise<T>((resolve, reject) => {
      let started = false;
      const onAbort = () => {
        if (started) return;
        reject(abortedError());
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      previous.then(async () => {
        signal?.removeEventListener("abort", onAbort);
        if (signal?.aborted) {
          release();
          reject(abortedError());
          return;
        }
        started = true;
        try {
          resolve(await job());
        } catch (error) {
          reject(error);
        } finally {
          release();
        }
      });
    });
  }
}
