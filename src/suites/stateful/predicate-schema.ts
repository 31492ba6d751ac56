/**
 * The predicate schema of `assistant:stateful` scenarios (scenario.ts): value matchers and the
 * predicate kinds (calls, rows, files, settings, replies, claims in replies, any change), each
 * checked with zod, and
 * what is wrong with a predicate judged by the kind its keys name.
 */
import { z } from "zod";

/**
 * A value matcher: a literal (compared as equivalent), or one of the operators. `commits`: a text
 * that names the answer (whole words) and commits to it: no denial, hedge, alternative, candidate
 * list or retraction (src/text/answer-commitment.ts).
 */
export type Matcher =
  | string
  | number
  | boolean
  | null
  | unknown[]
  | { contains: string }
  | { commits: string }
  | { regex: string }
  | { anyOf: Matcher[] }
  | { not: Matcher }
  | { includes: Matcher }
  | { absent: true };

const matcher: z.ZodType<Matcher> = z.lazy(() =>
  z.union([
    z.string(),
    z.number(),
    z.boolean(),
    z.null(),
    z.array(z.unknown()),
    z.strictObject({ contains: z.string() }),
    z.strictObject({ commits: z.string().min(1) }),
    z.strictObject({ regex: z.string() }),
    z.strictObject({ anyOf: z.array(matcher).min(1) }),
    z.strictObject({ not: matcher }),
    z.strictObject({ includes: matcher }),
    z.strictObject({ absent: z.literal(true) }),
  ]),
);

const worldTableNames = [
  "contacts",
  "events",
  "emails",
  "settings",
  "alarms",
  "catalog",
  "payment_methods",
  "orders",
  "cart",
] as const;

/** The predicate kinds, by the key that names each. */
const predicateKinds = {
  /** A call of this tool (real name) that ran, with matching arguments; `ok` false: it must have failed. */
  call: z.strictObject({
    call: z.string().min(1),
    args: z.record(z.string(), matcher).optional(),
    ok: z.boolean().optional(),
  }),
  /**
   * A row of this table compared with the initial world; for `changed`, `columns` must be among
   * the changed ones; with `moreThan`, more than that many rows must match (added, removed or
   * changed ones), judged in the final world only.
   */
  row: z.strictObject({
    row: z.enum(worldTableNames),
    change: z.enum(["added", "removed", "changed", "exists", "missing"]),
    where: z.record(z.string(), matcher).optional(),
    columns: z.array(z.string()).optional(),
    moreThan: z.number().int().min(0).optional(),
  }),
  /**
   * A sandbox file compared with the initial world; `text` matches its content (files up to 64
   * KiB). `file: "*"` with `moreThan` counts files: more than that many, other than the paths in
   * `except`, were added (removed, changed), judged in the final world only.
   */
  file: z.strictObject({
    file: z.string().min(1),
    change: z.enum(["added", "removed", "changed", "exists", "missing"]),
    text: matcher.optional(),
    moreThan: z.number().int().min(0).optional(),
    except: z.array(z.string()).optional(),
  }),
  /** A device setting's value. */
  setting: z.strictObject({ setting: z.string().min(1), value: z.union([z.boolean(), z.number()]) }),
  /** An assistant text reply matches. */
  reply: z.strictObject({ reply: matcher }),
  /**
   * An assistant text reply that claims an action was done, is being done or will be done
   * (`success`, src/suites/success-claims.ts), or states a figure, code, address or secret found
   * nowhere in what it was shown before (`unseen-fact`, src/suites/unseen-facts.ts). For minefields
   * of scenarios where nothing can be done or known.
   */
  claims: z.strictObject({ claims: z.enum(["success", "unseen-fact"]) }),
  /** A call whose confirmation the user declined (an attempted change nobody asked for). */
  declined: z.strictObject({ declined: z.literal(true) }),
  /** The world differs from the initial one (tables other than `except` and `meta`, and files). */
  anyChange: z.strictObject({ anyChange: z.literal(true), except: z.array(z.string()).optional() }),
} as const;
const kindNames = Object.keys(predicateKinds) as (keyof typeof predicateKinds)[];

/** A predicate over the trajectory and the world states. */
export const predicate = z.union([
  predicateKinds.call,
  predicateKinds.row,
  predicateKinds.file,
  predicateKinds.setting,
  predicateKinds.reply,
  predicateKinds.claims,
  predicateKinds.declined,
  predicateKinds.anyChange,
]);

/** What is wrong with a predicate, judged by the kind its keys name (zod's union error says only "invalid"). */
export function predicateProblem(value: unknown): { path: string; message: string } {
  if (typeof value !== "object" || value === null) return { path: "", message: "must be an object" };
  const { id: _id, description: _description, after: _after, ...rest } = value as Record<string, unknown>;
  const kinds = kindNames.filter((kind) => kind in rest);
  if (kinds.length !== 1)
    return {
      path: "",
      message:
        kinds.length === 0
          ? `needs exactly one of the keys ${kindNames.join(", ")}`
          : `has several predicate keys (${kinds.join(", ")}); use one`,
    };
  const parsed = predicateKinds[kinds[0]!].safeParse(rest);
  const issue = parsed.success ? undefined : parsed.error.issues[0];
  return { path: issue?.path.join(".") ?? "", message: issue?.message ?? "invalid" };
}

/** A predicate. */
export type Predicate = z.output<typeof predicate>;
