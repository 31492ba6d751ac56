/**
 * Admission control for `serve`: at most `limit` chat completions are generating or waiting for
 * the model at once (the in-process backend runs them one at a time, so an unbounded line only
 * makes every client wait longer: 200 at once gave a median latency of 43 s). Past the limit a
 * request is turned away at once with 503 and a Retry-After estimated from recent request times.
 */

/** A place in line; release it when the request is done (idempotent). */
export interface AdmissionTicket {
  release(): void;
}

/** Counts requests in flight and decides whether one more may enter. */
export class AdmissionGate {
  private pending = 0;
  /** Exponential moving average of finished requests' durations, in ms. */
  private averageMs: number | undefined;

  /** `limit`: most requests in flight and waiting; 0 or Infinity for no limit. */
  constructor(readonly limit: number) {}

  /** Requests now in flight or waiting. */
  get inFlight(): number {
    return this.pending;
  }

  /** A ticket, or undefined when the line is full. */
  enter(): AdmissionTicket | undefined {
    if (this.limit > 0 && this.pending >= this.limit) return undefined;
    this.pending += 1;
    const started = performance.now();
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.pending -= 1;
        const took = performance.now() - started;
        this.averageMs = this.averageMs === undefined ? took : 0.8 * this.averageMs + 0.2 * took;
      },
    };
  }

  /**
   * Seconds a turned-away client should wait: the time the line ahead needs at the recent pace
   * (one request at a time), at least 1 and at most 600.
   */
  retryAfterSeconds(): number {
    const perRequestMs = this.averageMs ?? 1000;
    return Math.min(600, Math.max(1, Math.ceil((perRequestMs * this.pending) / 1000)));
  }
}
