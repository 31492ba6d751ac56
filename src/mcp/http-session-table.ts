/**
 * The open sessions of `mcp serve --http`, bounded in number and in idle time. The MCP SDK's
 * client closes without a `DELETE`, so a session's end is mostly never announced: without
 * bounds, every connect/close cycle would keep a slot (and its server) until a restart.
 *
 * - A session is busy while a request of it is in flight (a call, or a client's open SSE stream:
 *   a connected client is present), idle otherwise, since the end of its last request.
 * - An idle session expires after `idleTimeoutMs`: it is closed and forgotten, checked when it is
 *   asked for, on every new session, and by a sweep (a timer that does not hold the process).
 * - When every slot is taken, a new session evicts the one idle the longest; only when every
 *   session is busy is there no room (the server answers 503).
 *
 * Times come from `now` (monotonic milliseconds, `performance.now` by default), so tests can
 * move a clock instead of waiting.
 */

/** What the table keeps per session: something it can close. */
export interface ClosableSession {
  close(): Promise<void>;
}

/** Options of {@link HttpSessionTable}. */
export interface HttpSessionTableOptions {
  /** Most sessions open at once (slots reserved for sessions being initialised count). */
  maxSessions: number;
  /** How long a session may stay idle before it expires, in ms. */
  idleTimeoutMs: number;
  /** Monotonic milliseconds. Default `performance.now`. */
  now?: () => number;
  /** How often expired sessions are swept, in ms (default the timeout, at most 60 s; 0: never). */
  sweepEveryMs?: number;
}

interface Entry<T> {
  value: T;
  inFlight: number;
  /** When the session last started or ended a request. */
  lastActive: number;
}

/** A slot held for a session being initialised: filled once its id is known, or released. */
export interface SessionReservation<T> {
  /** Adds the session under `id`, marked busy; returns the function that ends that request. */
  fill(id: string, value: T): () => void;
  /** Gives the slot back (the initialisation failed). Idempotent; a no-op after `fill`. */
  release(): void;
}

/** Sessions by id with idle expiry and eviction of the longest idle when full. */
export class HttpSessionTable<T extends ClosableSession> {
  readonly #entries = new Map<string, Entry<T>>();
  readonly #options: Required<Omit<HttpSessionTableOptions, "now">> & { now: () => number };
  readonly #timer: NodeJS.Timeout | undefined;
  #reserved = 0;

  constructor(options: HttpSessionTableOptions) {
    const sweepEveryMs = options.sweepEveryMs ?? Math.min(options.idleTimeoutMs, 60_000);
    this.#options = { ...options, sweepEveryMs, now: options.now ?? (() => performance.now()) };
    if (sweepEveryMs > 0) {
      this.#timer = setInterval(() => this.sweep(), sweepEveryMs);
      this.#timer.unref();
    }
  }

  /** Sessions open (not counting reserved slots). */
  get size(): number {
    return this.#entries.size;
  }

  /** The session `id` names, or undefined when there is none or it has just expired (it is closed then). */
  get(id: string): T | undefined {
    const entry = this.#entries.get(id);
    if (entry === undefined) return undefined;
    if (this.#expired(entry)) {
      this.#evict(id, entry);
      return undefined;
    }
    return entry.value;
  }

  /** Marks a request of session `id` in flight; the returned function ends it (once). */
  begin(id: string): () => void {
    const entry = this.#entries.get(id);
    if (entry === undefined) return () => undefined;
    entry.inFlight += 1;
    entry.lastActive = this.#options.now();
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      entry.inFlight -= 1;
      entry.lastActive = this.#options.now();
    };
  }

  /**
   * A slot for a new session: expired sessions are closed first, then, when every slot is taken,
   * the session idle the longest. Undefined when every session is busy.
   */
  reserve(): SessionReservation<T> | undefined {
    this.sweep();
    if (this.#entries.size + this.#reserved >= this.#options.maxSessions) {
      let oldest: [string, Entry<T>] | undefined;
      for (const pair of this.#entries) {
        if (pair[1].inFlight === 0 && (oldest === undefined || pair[1].lastActive < oldest[1].lastActive))
          oldest = pair;
      }
      if (oldest === undefined) return undefined;
      this.#evict(...oldest);
    }
    this.#reserved += 1;
    let held = true;
    const release = () => {
      if (!held) return;
      held = false;
      this.#reserved -= 1;
    };
    return {
      fill: (id, value) => {
        release();
        this.#entries.set(id, { value, inFlight: 0, lastActive: this.#options.now() });
        return this.begin(id);
      },
      release,
    };
  }

  /** Forgets session `id` without closing it (it closed itself). */
  delete(id: string): void {
    this.#entries.delete(id);
  }

  /** Closes and forgets every expired session. */
  sweep(): void {
    for (const [id, entry] of this.#entries) if (this.#expired(entry)) this.#evict(id, entry);
  }

  /** Stops the sweep and closes every session. */
  async closeAll(): Promise<void> {
    if (this.#timer !== undefined) clearInterval(this.#timer);
    const values = [...this.#entries.values()].map((entry) => entry.value);
    this.#entries.clear();
    await Promise.all(values.map((value) => value.close().catch(() => undefined)));
  }

  #expired(entry: Entry<T>): boolean {
    return entry.inFlight === 0 && this.#options.now() - entry.lastActive >= this.#options.idleTimeoutMs;
  }

  #evict(id: string, entry: Entry<T>): void {
    this.#entries.delete(id);
    void entry.value.close().catch(() => undefined);
  }
}
