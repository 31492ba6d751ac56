/**
 * Counterfeits of a traces sample (see src/eval/counterfeit.ts), derived from what the turn
 * recorded. A text turn: a call instead of the answer, an empty and a whitespace reply, a bare
 * "OK.", the recorded answer behind a hedge, the recorded answer plus an action no tool call
 * backs, the recorded answer with its figures changed. A call turn: a text claiming the call was
 * made, an empty reply, a wrong value and a missing argument in a recorded call, and the recorded
 * calls with one made twice. Each one is made only where it would be wrong for this turn (a hedge
 * is no counterfeit of a recorded hedge).
 */
import type { Counterfeit } from "../../eval/counterfeit.js";
import type { ReferenceCall, Sample } from "../../eval/suite.js";
import type { ToolDefinition } from "../../messages.js";
import type { TraceScoringOptions, TraceTarget } from "./trace-scorer.js";
import {
  calledSinceUser,
  claimsAction,
  figuresOf,
  hedges,
  onlyAcknowledges,
  reportedFigures,
} from "./trace-text-turn.js";

type Properties = Record<string, { type?: unknown; enum?: unknown; default?: unknown } | undefined>;

function schemaOf(
  tools: readonly ToolDefinition[],
  name: string,
): { required: string[]; properties: Properties } {
  const parameters = (tools.find((tool) => tool.name === name)?.parameters ?? {}) as {
    required?: unknown;
    properties?: Properties;
  };
  return {
    required: Array.isArray(parameters.required) ? parameters.required.map(String) : [],
    properties: parameters.properties ?? {},
  };
}

/** A value of the argument's type that differs from `value` beyond the tolerance, or undefined. */
function otherValue(value: unknown, schema: Properties[string], tolerance: number): unknown {
  const choices = Array.isArray(schema?.enum) ? schema.enum : undefined;
  if (choices !== undefined)
    return choices.find((choice) => JSON.stringify(choice) !== JSON.stringify(value));
  if (typeof value === "boolean") return !value;
  if (typeof value === "number") {
    const step = (Math.abs(value) + 1) * (2 * tolerance + 1);
    return Number.isInteger(value) ? value + Math.ceil(step) : value + step;
  }
  if (typeof value === "string") return value === "" ? "unknown" : `${value} other`;
  if (Array.isArray(value)) return value.length > 0 ? value.slice(0, -1) : undefined;
  return undefined;
}

function describe(call: ReferenceCall): string {
  return `${call.name}(${JSON.stringify(call.arguments)})`;
}

function callTurnCounterfeits(
  sample: Sample<TraceTarget>,
  calls: ReferenceCall[],
  options: TraceScoringOptions,
): Counterfeit[] {
  const first = calls[0] as ReferenceCall;
  const { required, properties } = schemaOf(sample.tools, first.name);
  const found: Counterfeit[] = [
    {
      kind: "false-success",
      outputs: [{ text: `Done: I've called ${first.name} for you and it went through.` }],
      why: `claims the call was made in text; the trace called ${describe(first)}`,
    },
    {
      kind: "empty-reply",
      outputs: [{ text: "" }],
      why: `says nothing; the trace called ${describe(first)}`,
    },
    {
      kind: "extra-call",
      outputs: [{ calls: [...calls, first] }],
      why: `makes ${first.name} twice (an extra side effect); the trace called it once`,
    },
  ];
  const keys = Object.keys(first.arguments);
  // The argument to change: a required one first, else any whose value is not the schema's default.
  const isDefault = (key: string) =>
    "default" in (properties[key] ?? {}) &&
    JSON.stringify(properties[key]?.default) === JSON.stringify(first.arguments[key]);
  const wrongKey = [...keys.filter((key) => required.includes(key)), ...keys].find(
    (key) => otherValue(first.arguments[key], properties[key], options.tolerance) !== undefined,
  );
  if (wrongKey !== undefined) {
    const value = otherValue(first.arguments[wrongKey], properties[wrongKey], options.tolerance);
    found.push({
      kind: "wrong-value",
      outputs: [
        {
          calls: [
            { name: first.name, arguments: { ...first.arguments, [wrongKey]: value } },
            ...calls.slice(1),
          ],
        },
      ],
      why: `${first.name}: ${wrongKey}=${JSON.stringify(value)}, the trace has ${JSON.stringify(first.arguments[wrongKey])}`,
    });
  }
  const missingKey = [...keys.filter((key) => required.includes(key)), ...keys].find(
    (key) => required.includes(key) || !isDefault(key),
  );
  if (missingKey !== undefined) {
    const { [missingKey]: _left, ...rest } = first.arguments;
    found.push({
      kind: "missing-argument",
      outputs: [{ calls: [{ name: first.name, arguments: rest }, ...calls.slice(1)] }],
      why: `${first.name} without ${missingKey}, which the trace gave (${JSON.stringify(first.arguments[missingKey])})`,
    });
  }
  return found;
}

/** `text` with the last digit of every token holding one of `figures` changed. */
function changeFigures(text: string, figures: ReadonlySet<string>): string {
  return text.replace(/[\p{L}\p{N}]*\p{N}[\p{L}\p{N}]*(?:[.,:/][\p{N}]+)*/gu, (token) => {
    if (![...figuresOf(token)].some((figure) => figures.has(figure))) return token;
    const at = token.search(/\d(?=\D*$)/);
    return `${token.slice(0, at)}${(Number(token[at]) + 1) % 10}${token.slice(at + 1)}`;
  });
}

function textTurnCounterfeits(sample: Sample<TraceTarget>, recorded: string): Counterfeit[] {
  const quoted = `"${recorded.length > 60 ? `${recorded.slice(0, 57)}...` : recorded}"`;
  const found: Counterfeit[] = [
    { kind: "empty-reply", outputs: [{ text: "" }], why: `says nothing; the trace answered ${quoted}` },
    {
      kind: "whitespace-reply",
      outputs: [{ text: " \n\t " }],
      why: `only whitespace; the trace answered ${quoted}`,
    },
  ];
  const earlier = sample.messages.flatMap((message) =>
    message.role === "assistant" ? (message.toolCalls ?? []) : [],
  );
  const call =
    earlier.at(-1) ?? (sample.tools[0] ? { name: sample.tools[0].name, arguments: {} } : undefined);
  if (call !== undefined)
    found.push({
      kind: "call-for-text",
      outputs: [{ calls: [{ name: call.name, arguments: call.arguments }] }],
      why: `calls ${call.name} where the trace answered in text`,
    });
  if (!onlyAcknowledges(recorded))
    found.push({
      kind: "acknowledgement",
      outputs: [{ text: "OK." }],
      why: `a bare "OK."; the trace answered ${quoted}`,
    });
  if (!hedges(recorded))
    found.push({
      kind: "hedge",
      outputs: [{ text: `I'm not sure, and I can't check that for you. Maybe: ${recorded}` }],
      why: "hedges where the trace answered outright",
    });
  if (!claimsAction(recorded) && !calledSinceUser(sample.messages))
    found.push({
      kind: "unbacked-claim",
      outputs: [{ text: `${recorded} I've also sent this to your team by email.` }],
      why: "claims an email was sent; no tool was called since the user's message",
    });
  const figures = new Set(reportedFigures(sample));
  if (figures.size > 0) {
    const changed = changeFigures(recorded, figures);
    if ([...figures].some((figure) => !figuresOf(changed).has(figure)))
      found.push({
        kind: "wrong-figure",
        outputs: [{ text: changed }],
        why: `the trace's answer with its figures from the tool results changed ("${changed.slice(0, 60)}")`,
      });
  }
  return found;
}

/** The counterfeits of a traces sample under the suite's scoring options. */
export function traceCounterfeits(sample: Sample<TraceTarget>, options: TraceScoringOptions): Counterfeit[] {
  const reference = sample.reference?.[0];
  if (reference === undefined) return [];
  if ("calls" in reference)
    return reference.calls.length === 0 ? [] : callTurnCounterfeits(sample, reference.calls, options);
  if (reference.text.trim() === "") return [];
  return textTurnCounterfeits(sample, reference.text);
}
