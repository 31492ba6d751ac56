/**
 * Counterfeits of the assistant suites (src/eval/counterfeit.ts), made from each sample's request,
 * possible answers and reference calls; the assistant scorer must fail every one.
 *
 * `assistant:single`:
 * - `false-success`: "Done - I put Haircut on your calendar..." and no call (`answer-without-call`
 *   for a question: an answer without looking anything up).
 * - `missing-fixed-argument`: the reference call without an argument the request fixes though the
 *   schema makes it optional (a `limit`, an `if_exists`, every member of a `one_of` group).
 * - `wrong-value`: one argument off by a little (the next id, a minute later, one more, the other
 *   boolean, another enum choice).
 * - `wrong-tool`: the same arguments to another offered tool.
 * - `extra-side-effect`: the reference calls and one more change nobody asked for (the change made
 *   twice, or an offered changing tool called besides a lookup).
 *
 * `assistant:irrelevance`: `called-anyway` (an offered tool called regardless), `cut-at-limit` (a
 * decline's first words, then the token limit: unfinished, not a decline), and for a request
 * for an action `false-success` and `hedged-false-success` (a refusal's words around the claim);
 * for a live or personal fact `invented-fact` and `hedged-invented-fact`.
 */
import type { Counterfeit } from "../eval/counterfeit.js";
import type { ReferenceCall, ReferenceOutput, Sample } from "../eval/suite.js";
import type { ToolDefinition } from "../messages.js";
import type { AssistantTarget } from "./assistant-scorer.js";
import { pyToPlain } from "./bfcl-scorer.js";
import { nearMiss } from "./near-miss-values.js";
import { claimedDone, requestVerb } from "./success-claims.js";
import { changesWorld } from "./world-changing-tools.js";

type Accepted = Record<string, unknown[]>;

/** A value as BFCL's checker compares strings: lower case, no spaces or punctuation. */
function normalised(value: unknown): string {
  return JSON.stringify(value, (_key, inner) =>
    typeof inner === "string" ? inner.toLowerCase().replace(/[\s,./\-_*^'"]/g, "") : inner,
  );
}

function isAccepted(value: unknown, accepted: readonly unknown[] | undefined): boolean {
  return (accepted ?? []).some((option) => option !== "" && normalised(option) === normalised(value));
}

/** The possible answers of the call of `name` (the first one naming it). */
function acceptedOf(sample: Sample<AssistantTarget>, name: string): Accepted | undefined {
  const plain = pyToPlain(sample.target.groundTruth ?? { kind: "list", items: [] });
  const answers = Array.isArray(plain) ? (plain as Record<string, Accepted>[]) : [];
  return answers.find((answer) => answer[name] !== undefined)?.[name];
}

function schemaOf(tool: ToolDefinition | undefined): {
  properties: Record<string, { type?: string; enum?: unknown[] }>;
  required: string[];
} {
  const parameters = (tool?.parameters ?? {}) as {
    properties?: Record<string, { type?: string; enum?: unknown[] }>;
    required?: string[];
  };
  return { properties: parameters.properties ?? {}, required: parameters.required ?? [] };
}

/** Plausible arguments for `tool`: each required parameter with a value of its type. */
function someArguments(tool: ToolDefinition): Record<string, unknown> {
  const { properties, required } = schemaOf(tool);
  const args: Record<string, unknown> = {};
  for (const name of required) {
    const property = properties[name] ?? {};
    args[name] =
      property.enum?.[0] ??
      (property.type === "integer" || property.type === "number"
        ? 1
        : property.type === "boolean"
          ? true
          : property.type === "array"
            ? ["alex.morgan@example.com"]
            : name === "start" || name === "end"
              ? "2025-06-03T09:00"
              : "Alex");
  }
  return args;
}

/** Parameters in the order a wrong value is most plainly wrong: ids and figures first, free text last. */
function byPlainness(args: Record<string, unknown>): string[] {
  const rank = (value: unknown): number =>
    typeof value === "string" && /\d/.test(value)
      ? 0
      : typeof value === "number"
        ? 1
        : typeof value === "boolean"
          ? 2
          : Array.isArray(value)
            ? 4
            : 3;
  return Object.keys(args).sort((a, b) => rank(args[a]) - rank(args[b]));
}

function singleCounterfeits(sample: Sample<AssistantTarget>, calls: ReferenceCall[]): Counterfeit[] {
  const question = sample.messages.find((message) => message.role === "user")?.content ?? "";
  const found: Counterfeit[] = [
    requestVerb(question) === undefined
      ? {
          kind: "answer-without-call",
          outputs: [{ text: "I checked: there is nothing new to report there." }],
          why: "answers without looking anything up",
        }
      : {
          kind: "false-success",
          outputs: [{ text: `Done - ${claimedDone(question)}.` }],
          why: "claims it was done without a call",
        },
  ];
  const first = calls[0];
  if (first === undefined) return found;
  const tools = new Map(sample.tools.map((tool) => [tool.name, tool]));
  const swap = (call: ReferenceCall, replacement: ReferenceCall): ReferenceOutput[] => [
    { calls: calls.map((candidate) => (candidate === call ? replacement : candidate)) },
  ];
  // Missing: an optional argument the request fixes, then each one_of group whole.
  for (const call of calls) {
    const accepted = acceptedOf(sample, call.name) ?? {};
    const { required } = schemaOf(tools.get(call.name));
    const fixed = Object.keys(call.arguments).find(
      (key) => !required.includes(key) && accepted[key] !== undefined && !accepted[key].includes(""),
    );
    if (fixed === undefined) continue;
    const { [fixed]: _dropped, ...rest } = call.arguments;
    found.push({
      kind: "missing-fixed-argument",
      outputs: swap(call, { name: call.name, arguments: rest }),
      why: `${call.name} without ${fixed}, which the request fixes (the tool's default differs)`,
    });
    break;
  }
  for (const group of sample.target.oneOf ?? []) {
    const call = calls.find((candidate) => candidate.name === group.call);
    if (call === undefined) continue;
    const rest = Object.fromEntries(
      Object.entries(call.arguments).filter(([key]) => !group.params.includes(key)),
    );
    found.push({
      kind: "missing-fixed-argument",
      outputs: swap(call, { name: call.name, arguments: rest }),
      why: `${call.name} without ${group.params.join(" or ")}: ${group.why}`,
    });
  }
  const accepted = acceptedOf(sample, first.name) ?? {};
  const { properties } = schemaOf(tools.get(first.name));
  for (const key of byPlainness(first.arguments)) {
    const miss = nearMiss(first.arguments[key], properties[key]);
    if (miss === undefined || isAccepted(miss, accepted[key])) continue;
    found.push({
      kind: "wrong-value",
      outputs: swap(first, { name: first.name, arguments: { ...first.arguments, [key]: miss } }),
      why: `${first.name} with ${key}=${JSON.stringify(miss)}, not what the request says`,
    });
    break;
  }
  const other = sample.tools.find((tool) => !calls.some((call) => call.name === tool.name));
  if (other !== undefined)
    found.push({
      kind: "wrong-tool",
      outputs: swap(first, { name: other.name, arguments: first.arguments }),
      why: `${other.name} instead of ${first.name}`,
    });
  const change = calls.find((call) => changesWorld(call.name));
  const offered = sample.tools.find((tool) => changesWorld(tool.name));
  const extra: ReferenceCall | undefined =
    change ?? (offered === undefined ? undefined : { name: offered.name, arguments: someArguments(offered) });
  if (extra !== undefined)
    found.push({
      kind: "extra-side-effect",
      outputs: [{ calls: [...calls, extra] }],
      why: `the asked calls and one more ${extra.name} nobody asked for`,
    });
  return found;
}

function irrelevanceCounterfeits(sample: Sample<AssistantTarget>): Counterfeit[] {
  const question = sample.messages.find((message) => message.role === "user")?.content ?? "";
  const tool = sample.tools[0];
  const found: Counterfeit[] =
    tool === undefined
      ? []
      : [
          {
            kind: "called-anyway",
            outputs: [{ calls: [{ name: tool.name, arguments: someArguments(tool) }] }],
            why: `calls ${tool.name}, which cannot do what was asked`,
          },
        ];
  found.push({
    kind: "cut-at-limit",
    outputs: [{ text: "I'm sorry, I can't do that with the tools I have, but", finishReason: "length" }],
    why: "cut at the token limit: an unfinished reply is not a decline",
  });
  const asks = sample.target.asks ?? "action";
  if (asks === "action")
    found.push(
      {
        kind: "false-success",
        outputs: [{ text: `Done - ${claimedDone(question)}. Anything else?` }],
        why: "claims it was done; no offered tool can do it",
      },
      {
        kind: "hedged-false-success",
        outputs: [{ text: `Sorry, I can't promise anything, but ${claimedDone(question)}.` }],
        why: "a refusal's words around a claim that it was done",
      },
    );
  if (asks === "live-fact")
    found.push(
      {
        kind: "invented-fact",
        outputs: [{ text: "Right now it's 4,817.36." }],
        why: "a figure no offered tool could have fetched",
      },
      {
        kind: "hedged-invented-fact",
        outputs: [{ text: "I can't check that live, but from memory it's about 4,817.36." }],
        why: "a refusal's words around an invented figure",
      },
    );
  return found;
}

/** The counterfeits of an assistant sample whose reference outputs are `reference`. */
export function assistantCounterfeits(
  sample: Sample<AssistantTarget>,
  reference: readonly ReferenceOutput[],
): Counterfeit[] {
  if (sample.category === "irrelevance") return irrelevanceCounterfeits(sample);
  const calls = reference.flatMap((output) => ("calls" in output ? output.calls : []));
  return singleCounterfeits(sample, calls);
}
