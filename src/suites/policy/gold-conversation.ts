/**
 * Builds a task's gold conversation: the agent's outputs (one per model call: calls, or a text
 * reply the user then answers) and, alongside, the gold actions whose replay gives the target
 * database (every write the agent makes, and the user's own actions under dual control).
 */
import type { ReferenceOutput } from "../../eval/suite.js";
import type { GoldAction } from "./policy-task.js";

/** A gold conversation being written. */
export class GoldConversation {
  readonly reference: ReferenceOutput[] = [];
  readonly goldActions: GoldAction[] = [];

  /** The agent says `text` (the user answers it). */
  say(text: string): this {
    this.reference.push({ text });
    return this;
  }

  /** The agent reads with `name` (no gold action: reads change nothing). */
  read(name: string, args: Record<string, unknown>): this {
    this.reference.push({ calls: [{ name, arguments: args }] });
    return this;
  }

  /** The agent writes with `name` (a gold action). */
  write(name: string, args: Record<string, unknown>): this {
    this.reference.push({
      calls: [{ name, arguments: args, loose: name === "transfer_to_human_agents" ? ["summary"] : [] }],
    });
    this.goldActions.push({ name, arguments: args });
    return this;
  }

  /** The user acts on their own device (a gold action by the user; the scripted user's rule makes the call). */
  userAction(name: string, args: Record<string, unknown>): this {
    this.goldActions.push({ name, arguments: args, by: "user" });
    return this;
  }
}

/** Formats money as the agent says it: `$1,234.50`. */
export function money(amount: number): string {
  return `$${amount.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** Money as required information (no `$`, no commas): `1234.50`. */
export function moneyInfo(amount: number): string {
  return amount.toFixed(2);
}
