/**
 * A Sample: one test case of a suite (input messages, offered tools, initial state, target,
 * reference solution, the simulated user's script). The data half of the Suite seam
 * (src/eval/suite.ts); solvers, environments and scorers read it.
 */
import type { ChatMessage, ToolDefinition } from "../messages.js";
import type { ToolFault } from "../tools/tool-faults.js";

/** One test case. `id` is unique within a run. */
export interface Sample<Target = unknown> {
  id: string;
  /** The suite name it belongs to, e.g. `bfcl:simple_python`. */
  suite: string;
  /** The category results are grouped by, e.g. `simple_python`. */
  category: string;
  /** The conversation sent to the model. */
  messages: ChatMessage[];
  /** Tools offered natively (empty when the prompt itself documents them, as in BFCL prompt mode). */
  tools: ToolDefinition[];
  /** What the scorer compares against (possible answers, expected state, ...). */
  target: Target;
  /** Free-form facts about the sample, recorded with its result. */
  metadata: Record<string, unknown>;
  /** World state the sample starts from, for suites whose tools run. */
  initialState?: unknown;
  /**
   * The call syntax the model is asked to write when it is not the backend's own format (e.g.
   * `bfcl-prompt` for BFCL prompt mode); parse failures are counted under this name.
   */
  outputFormat?: string;
  /**
   * The user's later turns and how the scripted user answers questions (conversation solver);
   * the first turn is the last user message of `messages`.
   */
  user?: UserScript;
  /**
   * What a correct assistant outputs, one entry per model call (calls, or a text reply), in
   * order; `suite check` replays it as a perfect model. Suites whose targets are expected calls
   * may leave it out and derive it in {@link Suite.referenceOf}.
   */
  reference?: ReferenceOutput[];
  /**
   * Offered tool names that stand for other tools of the environment (scrambled-names
   * augmentation): offered name → the environment's name. Absent: every name is its own.
   */
  toolNames?: Record<string, string>;
  /** The expected outcome shown to people (reports, results.jsonl); any JSON value. */
  expected?: unknown;
  /** Transient faults injected into this sample's tools (`--augment tool-faults`); absent: none. */
  toolFaults?: ToolFault[];
  /**
   * The least token budget of this sample's calls (`loops:instructions`: 8,192, so that loops can
   * show); the run's `--max-tokens` raises it, never lowers it.
   */
  maxTokens?: number;
  /**
   * The least number of model calls per user turn of this agent sample (`assistant:research`: 24,
   * room for searches that miss); the run's `--max-steps` raises it, never lowers it.
   */
  maxSteps?: number;
}

/**
 * One output of a reference (perfect) model: calls to make, or a text reply. A counterfeit's text
 * may say it was cut at the token limit (`finishReason: "length"`); a reference's never is.
 */
export type ReferenceOutput = { calls: ReferenceCall[] } | { text: string; finishReason?: "length" };

/** A call of a reference solution. */
export interface ReferenceCall {
  name: string;
  arguments: Record<string, unknown>;
  /**
   * Arguments whose exact value does not matter (free text such as an email body): the scripted
   * user approves a confirmation whatever they hold. String arguments over 40 characters are loose
   * without being listed.
   */
  loose?: string[];
  /** The arguments as JSON text where `arguments` would lose an int/float distinction (BFCL). */
  argumentsText?: string;
}

/** A rule of the scripted user: when the assistant's reply matches `pattern` (a case-insensitive regular expression), answer `reply` (each rule at most once). */
export interface UserAnswerRule {
  pattern: string;
  reply: string;
}

/** The simulated user of a conversation sample. */
export interface UserScript {
  /** The turns after the first, sent one after each assistant reply. */
  turns: string[];
  /** Answers to the assistant's questions, checked before the next turn. */
  answers: UserAnswerRule[];
  /** Who the user is and what they want, in words (the LLM user's instructions). */
  instruction: string;
  /** The user's time zone: local date-times in calls are compared as instants in it. */
  timeZone?: string;
  /** Most user turns of this conversation, the first included (default: the run's, 8). */
  maxTurns?: number;
  /**
   * Which confirmations the scripted user gives: `reference` (default) the calls of the reference
   * solution; `all` every one (a user asking for something harmful wants it done: security:harmful).
   */
  approves?: "reference" | "all";
}
