/**
 * A task of a policy domain (tau2-bench's task is the anchor): who the user is and what they want,
 * how the scripted user behaves, the gold actions whose replay on a fresh database gives the
 * target state, the information the agent must tell the user, the writes the policy forbids in
 * this task (minefields), and the gold conversation (the agent's outputs a perfect agent gives).
 */
import type { ReferenceOutput } from "../../eval/suite.js";

/** A call of a tool by name with its arguments. */
export interface ActionCall {
  name: string;
  arguments: Record<string, unknown>;
}

/** A gold action: an agent tool call, or (dual control) a call the user makes on their own device. */
export interface GoldAction extends ActionCall {
  /** `user` for the user's own tools (telecom's phone); default the agent. */
  by?: "user";
}

/**
 * A rule of the scripted user: when the agent's reply matches `when` (a case-insensitive regular
 * expression), the user runs `do` on their own tools (dual control) and says `say`, where
 * `{result}` is replaced by the text of the last call's output. A rule with `do` fires once; a
 * rule without (a fact: an email, a zip code) answers every time it matches.
 */
export interface UserRule {
  when: string;
  say: string;
  do?: ActionCall[];
  /** A rule with `do` that may fire again (looking at the status bar). */
  repeat?: boolean;
}

/** A write the policy forbids in this task: a call of `name` whose arguments include `arguments`. */
export interface Minefield {
  name: string;
  arguments?: Record<string, unknown>;
  /** Why the policy forbids it (shown in explanations). */
  why: string;
}

/** The scripted user of a task. */
export interface UserBehaviour {
  /** The first message. */
  opening: string;
  /** Answers from the task's facts, and actions on the user's own device. */
  rules: UserRule[];
  /** Whether the user says yes when the agent asks them to confirm an action. */
  confirms: boolean;
  /** Lines said, one each time, when the agent refuses (pushing against the policy). */
  pushes: string[];
  /** Further requests, sent one at a time once nothing else applies. */
  followUps: string[];
}

/** One task. */
export interface PolicyTask {
  /** Unique in its domain, e.g. `retail-cancel-003`. */
  id: string;
  /** The template it comes from (`cancel`, `return-push`, ...), recorded with its result. */
  kind: string;
  /** The LLM user's instruction: who they are, what they want, what they know, how they behave. */
  instruction: string;
  user: UserBehaviour;
  goldActions: GoldAction[];
  /** Strings the agent's replies must contain (case-insensitive, commas removed). */
  requiredInfo: string[];
  minefields: Minefield[];
  /** The agent's outputs in the gold conversation, one per model call. */
  reference: ReferenceOutput[];
  /** The user's own device the user's tools act on (dual-control domains). */
  device?: string;
}
