/**
 * What staging calls (see `Tool.stagesFor`) staged without a confirmation of their own because the
 * session was tainted: the items of cart changes made after the session read a web page. The next
 * confirmation of the tool they stage for (the checkout) must name each of them: a target of that
 * call that a staging call touched loses its `implicit` mark (and is flagged `stagedAfterUntrusted`),
 * so `approve-if-user-asked` and the scripted user approve only when the user named it, and a
 * person sees it listed. What outlives the session is the tool's own mark in the world
 * (`ToolContext.untrustedSession`: the cart's `added_after_untrusted`). Only what the call really acts on is
 * held to this (an item taken out of the cart again is not bought, so it needs no naming).
 */
import type { CallTarget } from "../tools/tool.js";

function keyOf(target: CallTarget): string {
  return `${target.kind}\u0000${target.value}`;
}

/** One session's staged targets, by the name of the tool whose confirmation covers them. */
export class StagedTargets {
  private readonly byTool = new Map<string, Set<string>>();

  /** Records the targets of a staging call that ran for `toolName`'s later confirmation. */
  add(toolName: string, targets: readonly CallTarget[]): void {
    const held = this.byTool.get(toolName) ?? new Set<string>();
    for (const target of targets) held.add(keyOf(target));
    this.byTool.set(toolName, held);
  }

  /** True when something is staged for `toolName`. */
  holds(toolName: string): boolean {
    return this.byTool.has(toolName);
  }

  /** True when a call to `toolName` acts on something staged (so it must be confirmed). */
  touches(toolName: string, targets: readonly CallTarget[]): boolean {
    const held = this.byTool.get(toolName);
    return held !== undefined && targets.some((target) => held.has(keyOf(target)));
  }

  /** `targets` with the staged ones made explicit (they must be named). */
  named(toolName: string, targets: readonly CallTarget[]): CallTarget[] {
    const held = this.byTool.get(toolName);
    return targets.map((target) => {
      if (held === undefined || !held.has(keyOf(target)) || target.implicit !== true) return target;
      const { implicit: _implicit, ...explicit } = target;
      return { ...explicit, stagedAfterUntrusted: true };
    });
  }

  /** Drops what `toolName`'s confirmed call covered. */
  clear(toolName: string): void {
    this.byTool.delete(toolName);
  }
}
