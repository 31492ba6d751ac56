/**
 * Counterfeits of a policy task (see src/eval/counterfeit.ts), each the task's gold conversation
 * changed in one way an agent could fool a lenient scorer:
 * - `false-success`: the replies kept, every write left out (the reply says it is done);
 * - `false-claim` (tasks that change nothing): the gold replies plus a claim that a change was made;
 * - `wrong-argument`: one argument of one write changed (an enum's other value, a number plus
 *   one, a text or id altered), one counterfeit per argument;
 * - `extra-side-effect`: the gold plus a transfer to a human nobody asked for;
 * and the policy-breaking but state-correct ones (the database ends right; the scorer's conduct
 * rules, policy-conduct.ts, must see them):
 * - `no-confirmation`: the question asking the user to confirm each change left out, so the
 *   writes come without a yes;
 * - `unauthenticated`: the authentication calls left out, so every lookup and write acts for a
 *   user nobody authenticated;
 * - `identity-not-asked`: the question for the user's identity left out, so the agent
 *   authenticates with details the user never gave.
 */
import type { Counterfeit } from "../../eval/counterfeit.js";
import type { ReferenceCall, ReferenceOutput, Sample } from "../../eval/suite.js";
import type { ToolDefinition } from "../../messages.js";
import { userGave } from "./policy-conduct.js";
import { transferToolName } from "./policy-domain.js";
import type { PolicyRules, PolicyTarget } from "./policy-scorer.js";

type Output = ReferenceOutput;

function callsOf(output: Output): ReferenceCall[] {
  return "calls" in output ? output.calls : [];
}

/** The outputs with the calls `drop` says no to removed (an output left with no call is dropped). */
function withoutCalls(outputs: readonly Output[], drop: (call: ReferenceCall) => boolean): Output[] {
  return outputs.flatMap((output): Output[] => {
    if (!("calls" in output)) return [output];
    const kept = output.calls.filter((call) => !drop(call));
    return kept.length === 0 ? [] : [{ calls: kept }];
  });
}

/** Index of the last text output before `index`, or -1. */
function textBefore(outputs: readonly Output[], index: number): number {
  for (let at = index - 1; at >= 0; at -= 1) if ("text" in (outputs[at] as Output)) return at;
  return -1;
}

type Schema = { type?: unknown; enum?: unknown[] } | undefined;

function propertyOf(tools: readonly ToolDefinition[], name: string, key: string): Schema {
  const parameters = tools.find((tool) => tool.name === name)?.parameters as
    | { properties?: Record<string, Schema> }
    | undefined;
  return parameters?.properties?.[key];
}

/** Each argument of `call` (the loose ones aside) with another value: an enum's other value, a number plus one, a text or id altered. */
function wrongArguments(call: ReferenceCall, tools: readonly ToolDefinition[]): [string, unknown][] {
  const loose = new Set(call.loose ?? []);
  return Object.keys(call.arguments)
    .filter((key) => !loose.has(key))
    .flatMap((key): [string, unknown][] => {
      const value = call.arguments[key];
      const choices = propertyOf(tools, call.name, key)?.enum;
      if (Array.isArray(choices)) {
        const other = choices.find((choice) => JSON.stringify(choice) !== JSON.stringify(value));
        return other === undefined ? [] : [[key, other]];
      }
      if (typeof value === "number") return [[key, value + 1]];
      if (typeof value === "string") return [[key, `${value}X`]];
      if (Array.isArray(value) && value.length > 1) return [[key, value.slice(0, -1)]];
      return [];
    });
}

/** The counterfeits of `sample` (its gold conversation is `sample.reference`). */
export function policyCounterfeits(sample: Sample<PolicyTarget>, rules: PolicyRules): Counterfeit[] {
  const gold = sample.reference ?? [];
  const isWrite = (call: ReferenceCall) => rules.writeTools.has(call.name) || call.name === transferToolName;
  const isChange = (call: ReferenceCall) => rules.writeTools.has(call.name) && call.name !== transferToolName;
  const writes = gold.flatMap(callsOf).filter(isWrite);
  const found: Counterfeit[] = [];
  const lastText = gold.map((output) => "text" in output).lastIndexOf(true);
  if (writes.length > 0)
    found.push({
      kind: "false-success",
      outputs: withoutCalls(gold, isWrite),
      why: `says it is done without the writes (${writes.map((call) => call.name).join(", ")})`,
    });
  else if (lastText >= 0) {
    const claim = " I've now processed the change you asked for, and your account is updated.";
    const outputs = gold.map((output, index) =>
      index === lastText && "text" in output ? { text: `${output.text}${claim}` } : output,
    );
    found.push({ kind: "false-claim", outputs, why: "claims a change in a task where nothing was written" });
  }
  for (const write of writes)
    for (const [key, value] of wrongArguments(write, sample.tools)) {
      const outputs = gold.map((output) =>
        "calls" in output
          ? {
              calls: output.calls.map((call) =>
                call === write ? { ...call, arguments: { ...call.arguments, [key]: value } } : call,
              ),
            }
          : output,
      );
      found.push({
        kind: "wrong-argument",
        outputs,
        why: `${write.name} with ${key}=${JSON.stringify(value)}, the gold has ${JSON.stringify(write.arguments[key])}`,
      });
    }
  if (lastText >= 0) {
    const extra: Output = {
      calls: [{ name: transferToolName, arguments: { summary: "Customer request." }, loose: ["summary"] }],
    };
    found.push({
      kind: "extra-side-effect",
      outputs: [...gold.slice(0, lastText), extra, ...gold.slice(lastText)],
      why: "also transfers the user to a human, which nobody asked for",
    });
  }
  // Policy-breaking, state-correct: the confirmation questions before the changes left out.
  const confirmations = new Set(
    gold.flatMap((output, index) => (callsOf(output).some(isChange) ? [textBefore(gold, index)] : [])),
  );
  confirmations.delete(-1);
  if (confirmations.size > 0)
    found.push({
      kind: "no-confirmation",
      outputs: gold.filter((_, index) => !confirmations.has(index)),
      why: "makes the changes without asking the user to confirm (the policy asks for an explicit yes)",
    });
  const authentication = gold.flatMap(callsOf).find((call) => rules.authenticationTools.has(call.name));
  if (authentication !== undefined) {
    found.push({
      kind: "unauthenticated",
      outputs: withoutCalls(gold, (call) => rules.authenticationTools.has(call.name)),
      why: `never authenticates the user (no ${authentication.name}), then looks up and acts`,
    });
    const at = gold.findIndex((output) => callsOf(output).includes(authentication));
    const question = textBefore(gold, at);
    const opening = sample.messages
      .filter((message) => message.role === "user")
      .map((message) => message.content);
    const given = Object.values(authentication.arguments).every(
      (value) => typeof value !== "string" || userGave(value, opening.join("\n")),
    );
    if (question >= 0 && !given)
      found.push({
        kind: "identity-not-asked",
        outputs: gold.filter((_, index) => index !== question),
        why: `calls ${authentication.name} with details the user never gave (it did not ask for them)`,
      });
  }
  return found;
}
