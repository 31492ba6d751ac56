/**
 * What taints a session, deny by default (the rule in docs/security.md): every result and every
 * error a tool reports carries data from the world unless the tool declares `trustedOutput`
 * (src/tools/tool.ts), an error says it is `madeOf` fixed text or the call's arguments, or the
 * tool's `untrustedText` finds no world text in that result. A result cut by the size cap, a bare
 * string, and any result of a tool without `untrustedText` taint with every string they hold. A policy's
 * denial quoting a target's label (an item's name, an event's title) taints with the label.
 * Third-party tool definitions (an MCP server's descriptions and schemas) taint a session from
 * its start: they are in every prompt.
 *
 * What is recorded is private (the user's own data, see src/guards/outbound-data.ts) unless the
 * tool declares `publicOutput` (web pages, a shop's catalog); tool definitions are public (they
 * are the server's own text, not the user's).
 */
import type { OutputMadeOf, Tool } from "../tools/tool.js";
import type { ConfirmationRequest } from "./confirmation-ledger.js";
import { stringLeaves, type TaintTracker } from "./taint-tracker.js";

/** The taint source recorded for third-party tool definitions offered to the model. */
export const thirdPartyDefinitionsSource = "third-party tool descriptions";

/** Taints the session with the definitions of the offered tools written by someone else. */
export function recordThirdPartyDefinitions(taint: TaintTracker, offered: readonly Tool[]): void {
  const described = offered.filter((tool) => tool.thirdPartyDefinition === true);
  if (described.length === 0) return;
  taint.record(
    thirdPartyDefinitionsSource,
    described.flatMap((tool) => stringLeaves(tool.definition)),
    { public: true },
  );
}

/** Taints the session with one result of `tool`, as the rule above says. */
export function recordResult(
  taint: TaintTracker,
  tool: Tool,
  name: string,
  result: { output: unknown; capped: boolean; input: Record<string, unknown> },
): void {
  if (tool.trustedOutput !== undefined) return;
  const kind = { public: tool.publicOutput !== undefined };
  // A bare string (a result cut short by a fault, say) has no fields to set the world's text apart.
  if (result.capped || tool.untrustedText === undefined || typeof result.output === "string") {
    taint.record(name, stringLeaves(result.output), kind);
    return;
  }
  let texts: string[];
  try {
    texts = tool.untrustedText(result.output, result.input);
  } catch {
    taint.record(name, stringLeaves(result.output), kind);
    return;
  }
  if (texts.some((text) => text.trim() !== "")) taint.record(name, texts, kind);
}

/** Taints the session with an error `tool` reported, unless the tool or the error holds no world data. */
export function recordFailure(
  taint: TaintTracker,
  tool: Tool,
  name: string,
  error: { message: string; madeOf?: OutputMadeOf },
): void {
  if (tool.trustedOutput !== undefined || error.madeOf !== undefined) return;
  taint.record(name, [error.message], { public: tool.publicOutput !== undefined });
}

/**
 * A denial's reason goes to the model; a policy's reason may quote a target's label, which a tool
 * composed from the world: each quoted label taints.
 */
export function recordQuotedLabels(
  taint: TaintTracker,
  name: string,
  reason: string,
  request: Pick<ConfirmationRequest, "targets">,
): void {
  const quoted = request.targets.flatMap((target) =>
    target.label !== undefined && target.label !== target.value && reason.includes(target.label)
      ? [target.label]
      : [],
  );
  if (quoted.length > 0) taint.record(name, quoted);
}
