/**
 * The `Tool` seam: what a runnable tool declares besides its JSON Schema definition. The guards
 * read `sideEffect`, `trustedOutput`, `preconditions` and the confirmation hints before the
 * tool's `execute` is ever called; tools themselves never ask for confirmation.
 *
 * Taint is deny by default: every result and every error of a tool carries data from the world
 * and taints the session, unless the tool declares (`trustedOutput`) that they are made only of
 * fixed text or of the call's own arguments, or a particular error says so (`madeOf`), or the
 * tool's `untrustedText` finds no world text in a particular result.
 */
import type { ToolDefinition } from "../messages.js";
import type { ToolErrorType } from "./tool-executor.js";

/**
 * What running a tool does to the world:
 * - `read`: nothing outside the tool's own answer;
 * - `write`: changes local state (files, calendar, settings, cart);
 * - `external`: reaches someone else (sends mail);
 * - `payment`: spends money.
 */
export type SideEffect = "read" | "write" | "external" | "payment";

/** Per-session facts a tool or its preconditions may consult. */
export interface ToolContext {
  /** Addresses the task explicitly allows as recipients besides the user's contacts. */
  allowedRecipients?: readonly string[];
  /** Aborts a running tool (the agent loop's signal). */
  signal?: AbortSignal;
  /**
   * True when the session has read third-party content before this call (set by the guarded
   * executor; unset elsewhere). A staging tool records it on what it stages (the cart line's
   * `added_after_untrusted` mark), so a later session's confirmation still names it.
   */
  untrustedSession?: boolean;
}

/**
 * What a result or an error holds when it holds no data from the world: `fixed-text`, only text
 * the tool itself writes (setting values, fixed notes, times it computes); `user-input-only`,
 * that plus the call's own arguments echoed back.
 */
export type OutputMadeOf = "fixed-text" | "user-input-only";

/** A tool's declaration that none of its results or errors carries data from the world. */
export interface TrustedOutput {
  madeOf: OutputMadeOf;
  /** Why, for a reviewer: what the output holds and where each of its strings comes from. */
  reason: string;
}

/** Why a precondition refused a call. `permission`: never allowed; `precondition`: not now / not so. */
export interface PreconditionFailure {
  type: "permission" | "precondition";
  message: string;
  /**
   * Set when the message holds no data from the world (only fixed text, or that and the call's
   * arguments). Unset, the refusal taints the session like any output of its tool.
   */
  madeOf?: OutputMadeOf;
}

/**
 * Something a side-effecting call lands on (a recipient, a file, an event, a setting, a payment
 * method), with the ways a user's message can name it. The `approve-if-user-asked` policy
 * approves a call only when the user named every target that is not `implicit`.
 */
export interface CallTarget {
  /** What it is: `recipient`, `path`, `event`, `alarm`, `setting`, `payment method`, `item`, `order`. */
  kind: string;
  /** The argument it comes from (`to[0]`, `event_id`); `""` when the tool derives it (a reply's recipients). */
  argument: string;
  /** The target as resolved: an address, a sandbox path, an id. */
  value: string;
  /**
   * Words or phrases that name this target and nothing else of its kind (an address, a path, an id,
   * a contact's name, an event's title or a word only its title has, `me` for the user's own
   * address). A user message naming one of them, as a whole word or phrase, names the target.
   */
  names: readonly string[];
  /** Shown to a person confirming: `Jordan Lee <jordan.lee@example.net>`, `Dentist (2025-06-12)`. */
  label?: string;
  /** True when the user need not name it: what the tool uses when nothing is said (the default card). */
  implicit?: boolean;
  /**
   * True when it was staged (put in the cart) after a session, this one or an earlier one, had
   * read third-party content: never implicit, its label says so, and neither `approve-if-user-asked`
   * nor the scripted user approves it unless the user named it.
   */
  stagedAfterUntrusted?: boolean;
}

/** A tool the guarded executor can run. */
export interface Tool<Input = Record<string, unknown>> {
  /** Name `<domain>_<action>`, description, JSON Schema of the arguments. */
  definition: ToolDefinition;
  sideEffect: SideEffect;
  /**
   * Declares that every call of this side-effecting tool only adds to the world (a new event with a
   * fresh id, a new message, more of an item in the cart) and never replaces, changes or removes
   * what was there. Deny by default: without it a side effect may be destructive. Read by
   * `mcp serve` (MCP's `destructiveHint: false`), not by the guards.
   */
  additiveOnly?: boolean;
  /**
   * Declares that no result or error of this tool carries data from the world (deny by default:
   * without it every result and error taints the session). MCP tools never have it.
   */
  trustedOutput?: TrustedOutput;
  /**
   * The strings of a result that are data from the world, for taint tracking. Default: every
   * string in the result, and every result taints. With this function a result for which it
   * returns no non-blank string does not taint (an empty listing, a write that only echoes its
   * arguments); tools leave out their own ids and timestamps (so ids copied from a listing do not
   * count as third-party text) and echoes of `input`, and must name everything else: the
   * registry-wide test (src/assistant/world-taint.test.ts) plants a marker in every text column.
   */
  untrustedText?(output: unknown, input: Record<string, unknown>): string[];
  /**
   * Declares that the world text of this tool's results is published for anyone to read (web
   * pages, a shop's catalog), with the reason. Deny by default: without it, every world text a
   * result or error holds is the user's private data (files, mail, contacts, calendar, the cart and
   * orders, whatever an MCP server answers), and a call that would carry it to a tool that
   * `reachesOutside` needs a decision (src/guards/outbound-data.ts). Taint is unaffected.
   */
  publicOutput?: string;
  /**
   * Declares that a call's arguments leave this device even when the call changes nothing: a web
   * search's query, a URL fetched, any MCP server's tool. A call to such a tool whose arguments
   * carry private data the session read (see `publicOutput`) and the user did not write needs a
   * decision, whatever `sideEffect` says.
   */
  reachesOutside?: boolean;
  /**
   * True when the definition itself (description, schema) was written by someone else, as an MCP
   * server's is: it is in every prompt, so a session offering such a tool is tainted from its start.
   */
  thirdPartyDefinition?: boolean;
  /**
   * Arguments that name where a side effect lands (recipients, paths, payment methods). A value
   * here that came from untrusted content is the classic hijack; the `approve-if-user-asked`
   * policy denies a call unless the user named each such value themselves (see `targets`).
   */
  targetArguments?: readonly string[];
  /**
   * Where a call's side effect lands, resolved against the current state (recipients of a reply,
   * the event an id names), with the names a user would call each target by. Called after the
   * preconditions passed, only for calls that need confirming. When absent, the string values
   * under `targetArguments` are the targets and each is named only by itself.
   */
  targets?(input: Input, context: ToolContext): CallTarget[];
  /**
   * Words that show the user asked for this kind of action (`send`, `email`, `buy`, ...), matched as
   * whole words in the user's own messages by the `approve-if-user-asked` policy.
   */
  intentWords?: readonly string[];
  /**
   * True when what a call does depends on state outside its arguments, so that an identical call
   * later is not a repeat (`shop_checkout` pays for the cart as it is then). The guards otherwise
   * refuse to run a side-effecting call identical to one that already succeeded (`duplicate`).
   */
  repeatable?: boolean;
  /**
   * The tool whose call makes this one's effect count (`shop_checkout` for the cart tools): a
   * staging call changes nothing outside this device and is undone by another staging call. Once
   * the session has read untrusted content, a staging call runs without a confirmation of its own;
   * its targets are added to the next confirmation of `stagesFor`, which must then name them (so
   * the checkout's confirmation lists every item put in the cart after untrusted content was read).
   */
  stagesFor?: string;
  /** Deterministic checks run after schema validation; `null` lets the call through. */
  preconditions?(input: Input, context: ToolContext): PreconditionFailure | null;
  /** Runs the tool. Throw a {@link ToolError} for failures the model should see with a type. */
  execute(input: Input, context: ToolContext): Promise<unknown>;
}

/**
 * A typed failure thrown by a tool's `execute` (or its preconditions); the executor reports it
 * with this type. It taints the session like the tool's results unless `madeOf` says the message
 * holds no data from the world.
 */
export class ToolError extends Error {
  readonly type: ToolErrorType;
  readonly madeOf: OutputMadeOf | undefined;

  constructor(type: ToolErrorType, message: string, options: { madeOf?: OutputMadeOf } = {}) {
    super(message);
    this.name = "ToolError";
    this.type = type;
    this.madeOf = options.madeOf;
  }
}

/** Builds a precondition failure (a small convenience for tool files). */
export function refuse(
  type: PreconditionFailure["type"],
  message: string,
  madeOf?: OutputMadeOf,
): PreconditionFailure {
  return madeOf === undefined ? { type, message } : { type, message, madeOf };
}

/** True when a tool's results or errors may carry data from the world (no `trustedOutput`). */
export function outputMayTaint(tool: Pick<Tool, "trustedOutput">): boolean {
  return tool.trustedOutput === undefined;
}
