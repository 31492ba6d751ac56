/**
 * The open episodes of `env serve`, bounded in number and in idle time. Unlike the MCP server's
 * session table (src/mcp/http-session-table.ts), a full table never evicts a live episode: a
 * trainer's episode waiting for its model's next output is idle, not abandoned. So:
 *
 * - an episode is busy while a request of it is in flight, idle otherwise, since its last request;
 * - an idle episode expires after `idleTimeoutMs` and is closed (its solver stopped, its world
 *   dropped): checked when it is asked for, on every new episode, and by a sweep (a timer that does
 *   not hold the process);
 * - when every slot is taken, a new episode takes the slot of a finished one (the one finished
 *   longest ago); with none finished, the table is full and the reset is refused (503).
 *
 * Times come from `now` (monotonic milliseconds), so tests move a clock instead of waiting.
 */
import { EnvRefusal } from "./env-refusal.js";
import type { Episode } from "./episode.js";

/** Options of {@link EpisodeTable}. */
export interface EpisodeTableOptions {
  /** Most episodes open at once. */
  maxEpisodes: number;
  /** How long an episode may wait for its next request, in ms. */
  idleTimeoutMs: number;
  /** Monotonic milliseconds. Default `performance.now`. */
  now?: () => number;
  /** How often expired episodes are swept, in ms (default the timeout, at most 60 s; 0: never). */
  sweepEveryMs?: number;
}

interface Entry {
  episode: Episode;
  inFlight: number;
  lastActive: number;
}

/** Episodes by id. */
export class EpisodeTable {
  readonly #entries = new Map<string, Entry>();
  readonly #maxEpisodes: number;
  readonly #idleTimeoutMs: number;
  readonly #now: () => number;
  readonly #timer: NodeJS.Timeout | undefined;

  constructor(options: EpisodeTableOptions) {
    this.#maxEpisodes = options.maxEpisodes;
    this.#idleTimeoutMs = options.idleTimeoutMs;
    this.#now = options.now ?? (() => performance.now());
    const sweepEveryMs = options.sweepEveryMs ?? Math.min(options.idleTimeoutMs, 60_000);
    if (sweepEveryMs > 0) {
      this.#timer = setInterval(() => this.sweep(), sweepEveryMs);
      this.#timer.unref();
    }
  }

  /** Episodes open. */
  get size(): number {
    return this.#entries.size;
  }

  /** The most episodes open at once. */
  get capacity(): number {
    return this.#maxEpisodes;
  }

  /** The episode `id` names; refused (404) when there is none or it has just expired. */
  get(id: string): Episode {
    const entry = this.#entries.get(id);
    if (entry !== undefined && this.#expired(entry)) this.#drop(id, entry);
    else if (entry !== undefined) return entry.episode;
    throw new EnvRefusal(
      404,
      "EPISODE_NOT_FOUND",
      `episode_id: no open episode "${id.slice(0, 100)}" (it ended long ago, expired after ${this.#idleTimeoutMs / 1000} s idle, or was never started): reset for a new one`,
    );
  }

  /** True when `id` names an open episode. */
  has(id: string): boolean {
    return this.#entries.has(id);
  }

  /** Adds `episode`; refused (503) when the table is full of unfinished episodes, (409) when its id is taken. */
  add(episode: Episode): void {
    this.sweep();
    if (this.#entries.has(episode.id))
      throw new EnvRefusal(409, "VALIDATION_ERROR", `episode_id: "${episode.id}" is already an open episode`);
    if (this.#entries.size >= this.#maxEpisodes) {
      let finished: [string, Entry] | undefined;
      for (const pair of this.#entries) {
        const { episode: open, inFlight, lastActive } = pair[1];
        if (open.done && inFlight === 0 && (finished === undefined || lastActive < finished[1].lastActive))
          finished = pair;
      }
      if (finished === undefined) {
        throw new EnvRefusal(
          503,
          "CAPACITY_REACHED",
          `${this.#entries.size} episodes are open, the most this server runs at once (--max-episodes ${this.#maxEpisodes}): ` +
            `finish one, wait ${this.#idleTimeoutMs / 1000} s for an idle one to expire, or restart with a larger --max-episodes`,
        );
      }
      this.#drop(...finished);
    }
    this.#entries.set(episode.id, { episode, inFlight: 0, lastActive: this.#now() });
  }

  /** Marks a request of episode `id` in flight; the returned function ends it (once). */
  begin(id: string): () => void {
    const entry = this.#entries.get(id);
    if (entry === undefined) return () => undefined;
    entry.inFlight += 1;
    entry.lastActive = this.#now();
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      entry.inFlight -= 1;
      entry.lastActive = this.#now();
    };
  }

  /** Closes and forgets episode `id` (no-op when it is not open). */
  remove(id: string): void {
    const entry = this.#entries.get(id);
    if (entry !== undefined) this.#drop(id, entry);
  }

  /** Closes and forgets every expired episode. */
  sweep(): void {
    for (const [id, entry] of this.#entries) if (this.#expired(entry)) this.#drop(id, entry);
  }

  /** Stops the sweep and closes every episode. */
  async closeAll(): Promise<void> {
    if (this.#timer !== undefined) clearInterval(this.#timer);
    const episodes = [...this.#entries.values()].map((entry) => entry.episode);
    this.#entries.clear();
    await Promise.all(episodes.map((episode) => episode.close()));
  }

  #expired(entry: Entry): boolean {
    return entry.inFlight === 0 && this.#now() - entry.lastActive >= this.#idleTimeoutMs;
  }

  #drop(id: string, entry: Entry): void {
    this.#entries.delete(id);
    void entry.episode.close();
  }
}
