/**
 * Private data leaving the device through a tool that reaches outside (docs/security.md, "What
 * needs a decision"). A call to a tool that declares `reachesOutside` (web_search, web_fetch, every
 * MCP tool) whose string arguments carry private text the session read, and that the user's own
 * messages do not hold, needs a decision whatever the tool's side-effect class: confirmation
 * under `user`, refusal under `deny`. Under `approve-if-user-asked` each such argument is a target
 * of kind `private data` that no name can name, so the policy refuses: had the user written the
 * data, it would not count as read.
 *
 * Private is every world text a tool's results or errors hold (files, mail, contacts, calendar,
 * the cart and orders, whatever an MCP server answers: the user's own data is private even when
 * the user wrote it), unless the tool declares `publicOutput` (web pages, the shop's catalog);
 * third-party tool descriptions are public. Text the guards never record stays out of it: the
 * outputs of `trustedOutput` tools (settings, computed free slots) and what a tool's
 * `untrustedText` leaves out (ids, instants, numbers, the user's profile). Private text shorter
 * than the taint window (8 characters) counts only as a whole argument.
 *
 * Every MCP tool reaches outside, the user's own stdio server included: a local server can open
 * network connections (a fetch server, a GitHub server) and its annotations are its own claims,
 * so edgecall cannot tell a local tool from one that relays its arguments.
 */
import type { CallTarget, Tool } from "../tools/tool.js";
import type { TaintedArgument, TaintTracker } from "./taint-tracker.js";

/** Longest private span shown in a target's label, in characters. */
const labelWidth = 120;

/**
 * The arguments of a call to `tool` that would carry private data outside (empty when the tool
 * does not reach outside or carries none). `userMessages` are the user's own words.
 */
export function outboundPrivateData(
  tool: Pick<Tool, "reachesOutside">,
  input: Record<string, unknown>,
  taint: TaintTracker,
  userMessages: readonly string[],
): TaintedArgument[] {
  if (tool.reachesOutside !== true) return [];
  return taint.findPrivate(input, userMessages);
}

/** One target per argument carrying private data: a person sees what leaves; no name names it. */
export function privateDataTargets(carried: readonly TaintedArgument[]): CallTarget[] {
  return carried.map((argument) => {
    const shown = argument.spans.join(" … ");
    return {
      kind: "private data",
      argument: argument.path,
      value: argument.value,
      names: [],
      label: `'${shown.length > labelWidth ? `${shown.slice(0, labelWidth)}…` : shown}' in '${argument.path}'`,
    };
  });
}
