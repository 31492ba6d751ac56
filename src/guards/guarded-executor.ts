/**
 * The guarded executor: every call passes, in order, the unknown-tool check (with close names),
 * the per-task allow-list, ajv schema validation, the duplicate check (a side-effecting call
 * identical to one that already succeeded this user turn is not run again), the tool's
 * preconditions, and the confirmation gate (`external` and `payment` always; any side effect once
 * the session has read untrusted content; a call carrying private data the session read to a tool
 * that reaches outside, src/guards/outbound-data.ts), before the tool runs. Outputs are size-capped.
 *
 * Taint is deny by default (src/tools/tool.ts): every result and every error of a tool taints the
 * session unless the tool declares `trustedOutput`, the error says it is `madeOf` fixed text or
 * the arguments, or the tool's `untrustedText` finds no world text in that result. The guards'
 * own refusals (unknown tool, allow-list, schema, duplicate, timeout) quote only the call and
 * fixed text; a policy's denial that quotes a target's label (a name read from the world) taints.
 * A registry offering a tool whose definition is third-party text (an MCP server's) taints the
 * session from its start. Tools are told whether the session is tainted
 * (`ToolContext.untrustedSession`), so a staging tool marks what it stages in the world and a
 * later session's confirmation still names it (the cart's `added_after_untrusted`). One executor
 * serves one session.
 */

import { frozenCopy } from "../canonical-json.js";
import { exceedsNestingDepth, maxNestingDepth } from "../formats/nesting-depth.js";
import type { ToolCall, ToolDefinition } from "../messages.js";
import type { ToolContext } from "../tools/tool.js";
import type { GuardDecision, ToolExecutor, ToolOutcome } from "../tools/tool-executor.js";
import type { ToolRegistry } from "../tools/tool-registry.js";
import { targetsOf } from "./call-targets.js";
import { closeNames } from "./close-names.js";
import { CompletedCalls } from "./completed-calls.js";
import { decideConfirmation } from "./confirmation-decision.js";
import { ConfirmationLedger, type ConfirmationReason, type ConfirmCallback } from "./confirmation-ledger.js";
import type { ConfirmationPolicy } from "./confirmation-policy.js";
import { checkPreconditions, type GuardedFailure, runGuardedTool } from "./guarded-tool-run.js";
import { outboundPrivateData, privateDataTargets } from "./outbound-data.js";
import { capOutput, defaultOutputLimitBytes } from "./output-cap.js";
import { SchemaGuard } from "./schema-guard.js";
import { StagedTargets } from "./staged-targets.js";
import {
  recordFailure,
  recordQuotedLabels,
  recordResult,
  recordThirdPartyDefinitions,
} from "./taint-sources.js";
import { TaintTracker } from "./taint-tracker.js";

/** Options of {@link createGuardedExecutor}. */
export interface GuardedExecutorOptions {
  registry: ToolRegistry;
  context?: ToolContext;
  /** Asks a person; takes precedence over `policy`. */
  confirm?: ConfirmCallback;
  /** Decides confirmations without a person (evals). Without `confirm` or `policy` such calls fail `needs-confirmation`. */
  policy?: ConfirmationPolicy;
  /** The user's own messages, for `approve-if-user-asked` (also see `noteUserMessage`). */
  userMessages?: readonly string[] | (() => readonly string[]);
  /** Names of the tools this task may call; others fail `not-allowed`. Default: all. */
  allowList?: Iterable<string>;
  /** Cap on one output's JSON, in bytes (default 32 KiB). */
  outputLimitBytes?: number;
  /** Cap on one tool's running time (default 30 s). */
  timeoutMs?: number;
}

/** A {@link ToolExecutor} with its session state exposed for transcripts and tests. */
export interface GuardedExecutor extends ToolExecutor {
  /** True once the session has read untrusted output. */
  readonly tainted: boolean;
  /** Tools whose untrusted output the session has read. */
  readonly taintSources: readonly string[];
  /** Records a user message for the `approve-if-user-asked` policy. */
  noteUserMessage(text: string): void;
}

class SessionExecutor implements GuardedExecutor {
  private readonly allowed: ToolRegistry;
  private readonly schemas = new SchemaGuard();
  private readonly taint = new TaintTracker();
  private readonly ledger = new ConfirmationLedger();
  private readonly completed = new CompletedCalls();
  private readonly staged = new StagedTargets();
  private readonly notedMessages: string[] = [];

  constructor(private readonly options: GuardedExecutorOptions) {
    this.allowed = options.allowList ? options.registry.filtered(options.allowList) : options.registry;
    recordThirdPartyDefinitions(this.taint, this.allowed.list());
  }

  get tainted(): boolean {
    return this.taint.tainted;
  }

  get taintSources(): readonly string[] {
    return this.taint.sources;
  }

  noteUserMessage(text: string): void {
    this.notedMessages.push(text);
  }

  definitions(): ToolDefinition[] {
    return this.allowed.definitions();
  }

  async execute(call: ToolCall, options: { signal?: AbortSignal } = {}): Promise<ToolOutcome> {
    const decisions: GuardDecision[] = [];
    const fail = (error: GuardedFailure): ToolOutcome => ({
      ok: false,
      error: { type: error.type, message: error.message },
      decisions,
    });
    const tool = this.allowed.get(call.name);
    if (tool === undefined) {
      if (this.options.registry.has(call.name)) {
        decisions.push({
          guard: "allow-list",
          verdict: "block",
          reason: `${call.name} is not allowed in this task`,
        });
        return fail({ type: "not-allowed", message: `tool '${call.name}' is not allowed in this task` });
      }
      const suggestions = closeNames(call.name, this.allowed.names());
      const hint =
        suggestions.length > 0 ? `; did you mean ${suggestions.map((name) => `'${name}'`).join(", ")}?` : "";
      decisions.push({ guard: "unknown-tool", verdict: "block", reason: `no tool named '${call.name}'` });
      return fail({ type: "unknown-tool", message: `unknown tool '${call.name}'${hint}` });
    }
    decisions.push({ guard: "allow-list", verdict: "pass" });

    // Everything below recurses into the arguments (ajv, canonical JSON, frozen copies).
    const problem = exceedsNestingDepth(call.arguments)
      ? `arguments are nested deeper than ${maxNestingDepth} levels`
      : this.schemas.check(tool, call.arguments);
    if (problem !== undefined) {
      decisions.push({ guard: "schema", verdict: "block", reason: problem });
      return fail({ type: "invalid-arguments", message: `invalid arguments for ${call.name}: ${problem}` });
    }
    decisions.push({ guard: "schema", verdict: "pass" });
    let input = frozenCopy(call.arguments);
    const userTurn = this.userMessages().length;
    const once = tool.sideEffect !== "read" && tool.repeatable !== true;
    if (once) {
      const duplicate = this.completed.duplicateMessage(call.name, input, userTurn);
      if (duplicate !== undefined) {
        decisions.push({
          guard: "duplicate",
          verdict: "block",
          reason: "identical to a call that already ran",
        });
        return fail({ type: "duplicate", message: duplicate });
      }
    }
    const context: ToolContext = { ...this.options.context, untrustedSession: this.taint.tainted };
    if (options.signal) context.signal = options.signal;

    // A failure the tool reported (a refusal, an error) reaches the model like a result does.
    const failFromTool = (error: GuardedFailure): ToolOutcome => {
      recordFailure(this.taint, tool, call.name, error);
      return fail(error);
    };
    const refusal = checkPreconditions(tool, input, context);
    if (refusal !== null) {
      decisions.push({ guard: "precondition", verdict: "block", reason: refusal.message });
      return failFromTool(refusal);
    }
    decisions.push({ guard: "precondition", verdict: "pass" });

    const taintedArguments = this.taint.find(input);
    const reasons: ConfirmationReason[] = [];
    if (tool.sideEffect === "external" || tool.sideEffect === "payment") reasons.push(tool.sideEffect);
    // A staging call (a cart change) under taint runs unconfirmed; what it stages is named in the
    // confirmation of the call it stages for (the checkout).
    const stagesFor = this.taint.tainted && tool.sideEffect === "write" ? tool.stagesFor : undefined;
    if (this.taint.tainted && tool.sideEffect !== "read" && stagesFor === undefined)
      reasons.push("tainted-session");
    const carried = outboundPrivateData(tool, input, this.taint, this.userMessages());
    if (carried.length > 0) {
      reasons.push("private-data");
      decisions.push({
        guard: "outbound",
        verdict: "pass",
        reason: "arguments carry private data read this session to a tool that reaches outside",
        taintedArguments: carried.map((argument) => argument.path),
      });
    }
    const targets =
      reasons.length > 0 || stagesFor !== undefined || this.staged.holds(call.name)
        ? [...this.staged.named(call.name, targetsOf(tool, input, context)), ...privateDataTargets(carried)]
        : [];
    if (reasons.length === 0 && this.staged.touches(call.name, targets)) reasons.push("tainted-session");
    if (taintedArguments.length > 0 || reasons.includes("tainted-session") || stagesFor !== undefined) {
      const needs =
        reasons.length > 0
          ? "; confirmation required"
          : stagesFor !== undefined
            ? `; staged for ${stagesFor}, whose confirmation names it`
            : "";
      decisions.push({
        guard: "taint",
        verdict: "pass",
        reason: `session read untrusted content from ${this.taint.sources.join(", ")}${needs}`,
        taintedArguments: taintedArguments.map((argument) => argument.path),
      });
    }
    if (reasons.length > 0) {
      const request = this.ledger.issue(call.name, input, {
        sideEffect: tool.sideEffect,
        reasons,
        taintedArguments,
        taintSources: [...this.taint.sources],
        targets,
      });
      const answer = await decideConfirmation(request, tool, {
        ...(this.options.confirm === undefined ? {} : { confirm: this.options.confirm }),
        ...(this.options.policy === undefined ? {} : { policy: this.options.policy }),
        userMessages: () => this.userMessages(),
      });
      const taintPaths = taintedArguments.map((argument) => argument.path);
      if (answer.approved) this.ledger.approve(request.token);
      if (!answer.approved || !this.ledger.redeem(request.token, call.name, request.arguments)) {
        const reason = answer.reason ?? "not confirmed";
        recordQuotedLabels(this.taint, call.name, reason, request);
        decisions.push({ guard: "confirmation", verdict: "denied", reason, taintedArguments: taintPaths });
        if (answer.unavailable) return fail({ type: "needs-confirmation", message: answer.reason ?? reason });
        return fail({ type: "denied", message: `${call.name} was denied: ${reason}; do not retry it` });
      }
      decisions.push({
        guard: "confirmation",
        verdict: "confirmed",
        reason: reasons.join(", "),
        taintedArguments: taintPaths,
      });
      input = request.arguments as Record<string, unknown>;
    }

    const result = await runGuardedTool(tool, input, context, this.options.timeoutMs);
    if ("error" in result) return result.guard ? fail(result.error) : failFromTool(result.error);
    if (stagesFor !== undefined) this.staged.add(stagesFor, targets);
    if (reasons.length > 0) this.staged.clear(call.name);
    const limit = this.options.outputLimitBytes ?? defaultOutputLimitBytes;
    let output: unknown;
    try {
      output = capOutput(result.output, limit);
    } catch (error) {
      return fail({
        type: "execution",
        message: `output of ${call.name} is not JSON: ${(error as Error).message}`,
      });
    }
    recordResult(this.taint, tool, call.name, { output, capped: output !== result.output, input });
    if (once) this.completed.record(call.name, input, output, userTurn);
    return { ok: true, output, decisions };
  }

  private userMessages(): readonly string[] {
    const given = this.options.userMessages;
    const listed = typeof given === "function" ? given() : (given ?? []);
    return [...listed, ...this.notedMessages];
  }
}

/** Creates the guarded executor for one session. */
export function createGuardedExecutor(options: GuardedExecutorOptions): GuardedExecutor {
  return new SessionExecutor(options);
}
