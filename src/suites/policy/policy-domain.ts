/**
 * A policy domain: a seeded database, a written policy (markdown, put in the system prompt), the
 * agent's tools, optionally the user's own tools (dual control), and tasks. Each domain is one
 * suite, `policy:<name>`.
 */
import type { Db } from "./policy-database.js";
import type { PolicyTask } from "./policy-task.js";
import type { PolicyToolSpec } from "./policy-tool.js";

/** The agent's tool every domain has: hand the conversation to a person. */
export const transferToolName = "transfer_to_human_agents";

/** One domain. */
export interface PolicyDomain {
  /** `retail`, `telecom`, `banking`. */
  name: string;
  /** The policy document (markdown). */
  policy: string;
  /** The SQL that creates the tables. */
  schema: string;
  /** Inserts the seeded rows (deterministic). */
  seed(db: Db): void;
  /** The agent's tools (without {@link transferToolName}, which every domain gets). */
  agentTools: readonly PolicyToolSpec[];
  /** The user's own tools (their phone), for dual-control domains. */
  userTools?: readonly PolicyToolSpec[];
  /** What the LLM user is told about their own tools. */
  userToolsNote?: string;
  /**
   * The agent's tools that authenticate the user (a successful call is authentication). Every
   * domain's policy says to authenticate first: a successful write before one is a violation.
   */
  authenticationTools: readonly string[];
  /**
   * The agent's tools about no customer (the catalogue, the plan list, the policy documents):
   * allowed before authentication. Any other tool called before it is a violation.
   */
  publicTools?: readonly string[];
  /** The tasks, built from the seeded rows. */
  tasks(db: Db): PolicyTask[];
}
