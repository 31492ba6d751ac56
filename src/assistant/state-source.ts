/**
 * How tool files reach the world: a function returning the open state, called at run time, so a
 * registry can be built (for listing tools) without opening any world.
 */
import type { AssistantState } from "./world.js";

/** Returns the open world; called by tools when they run. */
export type StateSource = () => AssistantState;
