/**
 * Confirmations bound to one exact call. Each request carries a fresh random token; approving
 * the token lets exactly one call with the same tool name and the same canonical arguments run,
 * once. Any redeem attempt spends the token, so a confirmation can be neither replayed nor moved
 * to other arguments.
 */
import { randomBytes } from "node:crypto";
import { canonicalJson, frozenCopy } from "../canonical-json.js";
import { terminalSafe } from "../text/terminal-safe.js";
import type { CallTarget, SideEffect } from "../tools/tool.js";
import type { TaintedArgument } from "./taint-tracker.js";

/**
 * Why a call needs confirming: it reaches someone (`external`), spends money (`payment`), comes
 * after untrusted reads (`tainted-session`), or would carry private data the session read to a
 * tool that reaches outside (`private-data`, src/guards/outbound-data.ts).
 */
export type ConfirmationReason = "external" | "payment" | "tainted-session" | "private-data";

/** What the person (or policy) confirming a call is shown. */
export interface ConfirmationRequest {
  /** Single-use token this request is bound to. */
  token: string;
  toolName: string;
  /** The exact arguments that will run (a frozen copy). */
  arguments: Readonly<Record<string, unknown>>;
  canonicalArguments: string;
  sideEffect: SideEffect;
  reasons: ConfirmationReason[];
  /** Arguments whose values came from untrusted content read this session. */
  taintedArguments: TaintedArgument[];
  /** Tools whose untrusted output the session has read (empty when not tainted). */
  taintSources: string[];
  /**
   * Where the call's side effect lands (recipients, paths, events, settings, payment methods),
   * with the names a user would call each by; empty when the tool declares none.
   */
  targets: readonly CallTarget[];
  /** One paragraph for a person: the call, why it needs confirming, the tainted arguments. */
  summary: string;
}

/** Asks whether a call may run. Resolves true to approve. */
export type ConfirmCallback = (request: ConfirmationRequest) => Promise<boolean>;

interface Entry {
  toolName: string;
  canonicalArguments: string;
  approved: boolean;
}

/** Longest label or value of one target in a summary, in characters. */
const targetWidth = 200;
/** Longest rendering of the arguments in a summary, in characters. */
const argumentsWidth = 2000;

/**
 * The summary shown to a person. Every piece that may hold untrusted text (arguments, target
 * labels, tainted spans, tool names from an MCP server) is escaped and bounded on one line
 * (src/text/terminal-safe.ts), so a label cannot break the summary's lines or forge one.
 */
function describe(request: Omit<ConfirmationRequest, "summary" | "token">): string {
  const why = request.reasons.map((reason) =>
    reason === "external"
      ? "it reaches someone outside this device"
      : reason === "payment"
        ? "it spends money"
        : reason === "private-data"
          ? "it would send private data this session read (files, mail, contacts, calendar, ...) outside this device"
          : `this session has read untrusted content (from ${terminalSafe(request.taintSources.join(", "), { maxLength: targetWidth })})`,
  );
  const lines = [
    `${terminalSafe(request.toolName, { maxLength: targetWidth })} ${terminalSafe(request.canonicalArguments, { maxLength: argumentsWidth })}`,
    `needs confirmation because ${why.join(" and ")}.`,
  ];
  if (request.targets.length > 0) {
    const targets = request.targets.map(
      (target) =>
        `${terminalSafe(target.kind, { maxLength: 40 })} ${terminalSafe(target.label ?? target.value, { maxLength: targetWidth })}`,
    );
    lines.push(`It acts on: ${targets.join("; ")}.`);
  }
  for (const tainted of request.taintedArguments) {
    lines.push(
      `argument '${terminalSafe(tainted.path, { maxLength: targetWidth })}' contains text from untrusted content: ${terminalSafe(JSON.stringify(tainted.spans), { maxLength: argumentsWidth })}`,
    );
  }
  return lines.join("\n");
}

/** Issues and redeems single-use confirmation tokens for one session. */
export class ConfirmationLedger {
  private readonly entries = new Map<string, Entry>();

  /** A request for this exact call with a fresh token (not yet approved). */
  issue(
    toolName: string,
    input: Record<string, unknown>,
    details: Pick<ConfirmationRequest, "sideEffect" | "reasons" | "taintedArguments" | "taintSources"> &
      Partial<Pick<ConfirmationRequest, "targets">>,
  ): ConfirmationRequest {
    const token = randomBytes(16).toString("hex");
    const canonicalArguments = canonicalJson(input);
    this.entries.set(token, { toolName, canonicalArguments, approved: false });
    const base = {
      toolName,
      arguments: frozenCopy(input),
      canonicalArguments,
      ...details,
      targets: frozenCopy(details.targets ?? []),
    };
    return Object.freeze({ token, ...base, summary: describe(base) });
  }

  /** Marks a token approved. Unknown or spent tokens stay unusable. */
  approve(token: string): void {
    const entry = this.entries.get(token);
    if (entry) entry.approved = true;
  }

  /**
   * True when the token was approved for exactly this tool and these arguments. Spends the token
   * whatever the answer.
   */
  redeem(token: string, toolName: string, input: Record<string, unknown>): boolean {
    const entry = this.entries.get(token);
    this.entries.delete(token);
    if (entry === undefined || !entry.approved) return false;
    return entry.toolName === toolName && entry.canonicalArguments === canonicalJson(input);
  }
}
