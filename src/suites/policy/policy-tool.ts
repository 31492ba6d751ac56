/**
 * A tool of a policy domain over its SQLite database. A tool checks its own preconditions (the
 * order exists and is pending, the account has the funds) and throws a {@link PolicyRefusal} when
 * one fails: the executor returns it to the model as a tool result (type `precondition`), never
 * as a harness error. Writes run in a transaction, so a refused write changes nothing. Rules the
 * tool does not enforce (authenticate first, ask before acting, limits the policy sets) are the
 * agent's to follow; breaking one is a policy violation the scorer counts.
 */
import type { JsonSchema } from "../../messages.js";
import { type Tool, ToolError } from "../../tools/tool.js";
import type { Db } from "./policy-database.js";

/** A precondition a tool found unmet; shown to the model as the tool's result. */
export class PolicyRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PolicyRefusal";
  }
}

/** Throws a {@link PolicyRefusal} with `message` unless `condition` holds. */
export function ensure(condition: unknown, message: string): asserts condition {
  if (!condition) throw new PolicyRefusal(message);
}

/** What a domain writes for one tool. */
export interface PolicyToolSpec {
  name: string;
  description: string;
  /** Properties of the arguments object; every one listed in `required` must be given. */
  properties: Record<string, JsonSchema>;
  required?: readonly string[];
  /** True when the tool may change the database. */
  write: boolean;
  /**
   * Runs the call. `owner` is the task's user's own device (dual control: the phone the user's
   * tools act on); undefined for the agent's tools.
   */
  // biome-ignore lint/suspicious/noExplicitAny: arguments are validated against the schema first.
  run(db: Db, args: any, owner?: string): unknown;
}

/** The runnable tool of `spec` over `db` (`owner`: the device a user's tool acts on). */
export function policyTool(spec: PolicyToolSpec, db: () => Db, owner?: string): Tool {
  return {
    definition: {
      name: spec.name,
      description: spec.description,
      parameters: {
        type: "object",
        properties: spec.properties,
        required: [...(spec.required ?? Object.keys(spec.properties))],
        additionalProperties: false,
      },
    },
    sideEffect: spec.write ? "write" : "read",
    // Deny-by-default taint (docs/security.md) needs the declaration: these suites measure policy
    // conduct (tau-bench style), not injection, and must not gate writes on taint.
    trustedOutput: {
      madeOf: "fixed-text",
      reason:
        "a domain's records are the suite's own seeded data (its system of record), not third-party text; refusals quote them or the arguments",
    },
    repeatable: true,
    async execute(input) {
      const open = db();
      try {
        return spec.write
          ? open.transaction(() => spec.run(open, input, owner))()
          : spec.run(open, input, owner);
      } catch (error) {
        if (error instanceof PolicyRefusal) throw new ToolError("precondition", error.message);
        throw error;
      }
    },
  };
}

/** A JSON Schema string property. */
export function text(description: string, extra: JsonSchema = {}): JsonSchema {
  return { type: "string", description, ...extra };
}

/** A JSON Schema number property. */
export function number(description: string): JsonSchema {
  return { type: "number", description };
}

/** A JSON Schema list-of-strings property. */
export function texts(description: string): JsonSchema {
  return { type: "array", items: { type: "string" }, description, minItems: 1 };
}

/** One row by key, or undefined. */
export function row<T>(db: Db, sql: string, ...params: unknown[]): T | undefined {
  return db.prepare(sql).get(...params) as T | undefined;
}

/** Every row of a query. */
export function rows<T>(db: Db, sql: string, ...params: unknown[]): T[] {
  return db.prepare(sql).all(...params) as T[];
}

/** Rounds an amount of money to cents. */
export function cents(amount: number): number {
  return Math.round(amount * 100) / 100;
}
