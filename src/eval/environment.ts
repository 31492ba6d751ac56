/**
 * The Environment seam: the fresh world one sample runs in. A suite whose tools change state gives
 * a factory; the agent and conversation solvers make one environment per (sample, repeat), run the
 * model's calls against its tools, snapshot it before the first call, after every call that may
 * change it and at the end, and close it (removing its files) whatever happened. Concurrent samples
 * never share an environment, so they never share state.
 */
import type { ToolRegistry } from "../tools/tool-registry.js";
import type { Sample } from "./sample.js";

/** One sample's world. */
export interface Environment {
  /** The tools that run against this world (the sample's offered tools are taken from it by name). */
  readonly registry: ToolRegistry;
  /** The world's whole state as plain JSON (for scorers and hashes). */
  snapshot(): unknown;
  /** A stable hash of a snapshot (recorded with each result). */
  hash(snapshot: unknown): string;
  /** Frees the world (closes databases, removes temporary files). Idempotent; never throws. */
  close(): void;
}

/**
 * Makes the environment of one sample. Throws (an EdgecallError naming the sample and the reason)
 * when the world cannot be made; that sample alone ends in a harness error.
 */
export type EnvironmentFactory = (sample: Sample) => Environment | Promise<Environment>;

/** A world state and the trajectory event after which it was taken (-1: before anything ran). */
export interface WorldState {
  afterEvent: number;
  snapshot: unknown;
}

/** The states of one sample's world, in order: the initial one, one after each state-changing call, the final one. */
export interface WorldRecord {
  states: WorldState[];
  /** {@link Environment.hash} of the final state. */
  finalHash: string;
}

/** The initial snapshot. */
export function initialState(world: WorldRecord): unknown {
  return world.states[0]?.snapshot;
}

/** The final snapshot. */
export function finalState(world: WorldRecord): unknown {
  return world.states.at(-1)?.snapshot;
}
