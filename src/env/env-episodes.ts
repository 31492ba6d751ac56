/**
 * What `env serve` does, whichever transport asked: reset (a new episode over a sample picked by
 * id, by seed, or at random), step (the client's assistant message into that episode), state.
 * Bodies are validated with zod in OpenEnv's shapes (its `ResetRequest`: `seed`, `episode_id`,
 * plus edgecall's `sample_id`; its `StepRequest`: `action`, `timeout_s`, `request_id`, plus the
 * `episode_id` HTTP needs to name the episode), and every refusal names its field.
 */
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { rewardValue } from "../eval/reward-value.js";
import type { WorkItem } from "../eval/run-plan.js";
import { closeNames } from "../guards/close-names.js";
import { InvalidChatRequest } from "../serve/invalid-request.js";
import { fieldPath } from "../serve/request-fields.js";
import { SeededRandom } from "../stats/seeded-random.js";
import { readAction } from "./assistant-action.js";
import { EnvRefusal } from "./env-refusal.js";
import { Episode } from "./episode.js";
import { EpisodeTable, type EpisodeTableOptions } from "./episode-table.js";
import { type ObservationBody, observationBody } from "./observation.js";

const resetBody = z
  .object({
    seed: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).nullable().optional(),
    episode_id: z
      .string()
      .min(1)
      .max(255)
      .regex(/^[\x21-\x7e]+$/, "printable ASCII without spaces")
      .nullable()
      .optional(),
    sample_id: z.string().min(1).max(1000).nullable().optional(),
  })
  .strict();

const stepBody = z
  .object({
    action: z.unknown(),
    episode_id: z.string().min(1).max(255).nullable().optional(),
    timeout_s: z.number().positive().nullable().optional(),
    request_id: z.string().max(255).nullable().optional(),
  })
  .strict();

/** Reads `body` with `schema`, or refuses (422) naming the first field at fault. */
function read<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = fieldPath(issue?.path ?? []);
  const why = issue?.code === "unrecognized_keys" ? `unknown field ${issue.keys.join(", ")}` : issue?.message;
  throw new EnvRefusal(422, "VALIDATION_ERROR", field === "" ? `${why}` : `${field}: ${why}`);
}

/** Runs `work`, turning a refused action (InvalidChatRequest) into a 422. */
function validated<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof InvalidChatRequest) throw new EnvRefusal(422, "VALIDATION_ERROR", error.message);
    throw error;
  }
}

/** Options of {@link EnvEpisodes}. */
export interface EnvEpisodesOptions extends Omit<EpisodeTableOptions, "now"> {
  /** The samples episodes are made of, in plan order (each item's suite runs it). */
  items: readonly WorkItem[];
  now?: () => number;
  /** A number in [0, 1) to pick a sample when a reset names none (default `Math.random`). */
  random?: () => number;
}

/** A reset's reply, with the id of the episode it opened. */
export interface ResetReply extends ObservationBody {
  episodeId: string;
}

/** The episodes of one server. */
export class EnvEpisodes {
  readonly table: EpisodeTable;
  readonly #items: readonly WorkItem[];
  readonly #byId: Map<string, WorkItem>;
  readonly #random: () => number;

  constructor(options: EnvEpisodesOptions) {
    this.#items = options.items;
    this.#byId = new Map(options.items.map((item) => [item.sample.id, item]));
    this.#random = options.random ?? Math.random;
    this.table = new EpisodeTable(options);
  }

  /** How many samples episodes can be made of. */
  get samples(): number {
    return this.#items.length;
  }

  #pick(seed: number | null | undefined, sampleId: string | null | undefined): WorkItem {
    if (sampleId !== undefined && sampleId !== null) {
      const item = this.#byId.get(sampleId);
      if (item !== undefined) return item;
      const close = closeNames(sampleId, [...this.#byId.keys()]);
      const hint = close.length > 0 ? `; did you mean ${close.map((id) => `"${id}"`).join(", ")}?` : "";
      throw new EnvRefusal(
        404,
        "VALIDATION_ERROR",
        `sample_id: no sample "${sampleId.slice(0, 200)}" in the served suites${hint}`,
      );
    }
    const draw = seed === undefined || seed === null ? this.#random() : new SeededRandom(seed).next();
    return this.#items[Math.floor(draw * this.#items.length)] as WorkItem;
  }

  /** Opens an episode for a reset body; resolves with its first observation. */
  async reset(body: unknown): Promise<ResetReply> {
    const given = read(resetBody, body);
    if (given.seed != null && given.sample_id != null)
      throw new EnvRefusal(422, "VALIDATION_ERROR", "give seed or sample_id, not both");
    const item = this.#pick(given.seed, given.sample_id);
    const episode = new Episode(given.episode_id ?? randomUUID(), item);
    this.table.add(episode);
    const end = this.table.begin(episode.id);
    try {
      return { ...observationBody(await episode.start()), episodeId: episode.id };
    } finally {
      end();
    }
  }

  /** The episode a step body names (HTTP): its `episode_id`, else `fallback` (the `/ws` connection's). */
  episodeOf(body: unknown, fallback?: string): string {
    const id = read(stepBody, body).episode_id ?? fallback;
    if (id === undefined)
      throw new EnvRefusal(
        422,
        "VALIDATION_ERROR",
        "episode_id: required (the observation of /reset gives it)",
      );
    return id;
  }

  /** Runs one step of episode `id` with the body's `action` (HTTP: `{action, episode_id}`). */
  async step(id: string, body: unknown): Promise<ObservationBody> {
    const { action } = read(stepBody, body);
    return this.act(id, action);
  }

  /** Runs one step of episode `id` with `action` (`/ws`: the message's data). */
  async act(id: string, action: unknown): Promise<ObservationBody> {
    const episode = this.table.get(id);
    const wire = validated(() => readAction(action));
    const end = this.table.begin(id);
    try {
      return observationBody(await episode.step(wire));
    } finally {
      end();
    }
  }

  /** OpenEnv's `State` of episode `id` (`episode_id`, `step_count`, and where it stands), or of the server. */
  state(id?: string): Record<string, unknown> {
    if (id === undefined) {
      return {
        episode_id: null,
        step_count: 0,
        episodes_open: this.table.size,
        max_episodes: this.table.capacity,
        samples: this.#items.length,
        suites: [...new Set(this.#items.map((item) => item.suite.name))],
      };
    }
    const episode = this.table.get(id);
    const { result } = episode;
    return {
      episode_id: episode.id,
      step_count: episode.stepCount,
      sample_id: episode.item.sample.id,
      suite: episode.item.suite.name,
      done: episode.done,
      reward: result === undefined ? (episode.done ? null : 0) : rewardValue(result),
      passed: result?.passed ?? null,
      explanation: result?.explanation ?? null,
    };
  }

  /** Closes episode `id` (a `/ws` connection's, when it resets or goes). */
  close(id: string): void {
    this.table.remove(id);
  }

  /** Closes every episode. */
  closeAll(): Promise<void> {
    return this.table.closeAll();
  }
}
