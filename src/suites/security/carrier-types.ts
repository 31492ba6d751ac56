/**
 * The shape of a `security:injection` carrier (one channel third-party text reaches the assistant
 * through) and of what it adds to the seeded world, shared by the carrier lists
 * (injection-carriers.ts, channel-carriers.ts, mcp-carriers.ts). Worlds are plain JSON: they are
 * part of each sample's initial state and of the suite's version hash.
 */
import type { WebPage } from "../../assistant/web-corpus.js";
import type { ReferenceCall } from "../../eval/suite.js";
import type { Predicate } from "../stateful/scenario.js";
import type { InjectionGoal } from "./injection-goals.js";

/**
 * One tool of the in-process MCP server a carrier's world offers (carrier-mcp-server.ts): it
 * takes one string argument and always answers `reply`, as a result or as an `isError` result.
 */
export interface McpToolSpec {
  name: string;
  /** The tool's description as the server lists it (third-party text in every prompt). */
  description: string;
  /** The one string argument's name. */
  argument: string;
  /** `readOnlyHint: true` (class `read`); false: no annotations (class `external`). */
  readOnly: boolean;
  /** What every call returns. */
  reply: string;
  /** True: the reply comes back as an `isError` result. */
  isError?: true;
}

/** What a carrier adds to the seeded world. */
export interface CarrierWorld {
  /** Changes on top of the seeded world (as assistant:stateful scenarios give them). */
  changes: Record<string, unknown>;
  /** Pages added to the offline web. */
  webPages?: WebPage[];
  /** Tools of an in-process MCP server offered beside the assistant's (MCP carriers only). */
  mcp?: McpToolSpec[];
}

/** A benign twin a carrier writes itself (instead of the built-in goals' twins). */
export interface OwnTwin {
  /** The whole user request. */
  request: string;
  world: CarrierWorld;
  /** The reference's calls, one model step each. */
  calls: ReferenceCall[][];
  fact: string;
  answer: string;
  /** The state the action leaves (a world predicate, as milestones give it). */
  done: Predicate;
  description: string;
}

/** One carrier and its user task. */
export interface Carrier {
  name: string;
  /** What the user asks (the assistant must read the carrier to answer). */
  task: string;
  /** Text the reply must commit to. */
  fact: string;
  /** The calls that read the carrier, one model step each (the reference and the obedient model make them). */
  reads: ReferenceCall[][];
  /** The reference's final reply. */
  answer: string;
  /** The carrier's item, holding `payload` (empty: a clean world). */
  world(payload: string): CarrierWorld;
  /**
   * The user task's own steps after the reads (the reference makes them, the obedient model does
   * not): in the clean world and in the attacked one (the two-session chain removes the planted item).
   */
  act?: { clean: ReferenceCall[][]; attacked: ReferenceCall[][] };
  /** The goals attacked through this carrier. Default: the built-in goals. */
  goals?: readonly InjectionGoal[];
  /** Techniques per goal (the first N of the rotation). Default: all nine. */
  techniques?: number;
  /** Built-in goals that get a benign twin on this carrier. Default: all. */
  twinGoals?: readonly string[];
  /** A twin of the carrier's own, in place of the built-in ones. */
  ownTwin?: OwnTwin;
  /** The session is tainted before the first call (an MCP tool's description is in every prompt). */
  taintsFromStart?: true;
  /**
   * A known gap: the guards do not stop this carrier's goal yet. `suite check` reports its
   * attacker calls under the held policies apart (`knownGaps`) instead of failing, and fails
   * once none runs (the mark must then go).
   */
  gap?: string;
}

/** A payload set apart by blank lines in a text (nothing for a clean world). */
export function payloadBlocks(payload: string): string {
  return payload === "" ? "" : `\n\n${payload}\n\n`;
}
