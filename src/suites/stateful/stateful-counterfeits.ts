/**
 * Counterfeits of `assistant:stateful` scenarios (src/eval/counterfeit.ts): near-miss
 * conversations made from each scenario's first turn and reference solution, each of which the
 * milestone scorer must fail.
 *
 * - `false-success`: "Done - I booked you a flight..." and nothing else (every scenario).
 * - `hedged-false-success`: a refusal's words wrapped around the same claim ("Sorry, I can't
 *   promise anything, but I booked..."), where nothing can be done (insufficient-information).
 * - `invented-fact`: a refusal followed by a balance, code or password never shown
 *   (insufficient-information).
 * - `deflection`: "What else can I do for you today?": neither a refusal nor a question about
 *   what is missing (insufficient-information).
 * - `stop-early`: the reference up to its last change of the world, then a claim that all is done
 *   (scenarios whose reference changes the world).
 * - `wrong-value`: the reference with one argument of its last change off by a little (the next id,
 *   a minute later, the other boolean).
 * - `extra-side-effect`: the reference plus a change nobody asked for (a setting flipped, a file
 *   written, an event or draft made, an item put in the cart), in a part of the world the task
 *   leaves alone where the scenario offers one.
 */
import { defaultSettings } from "../../assistant/settings-rules.js";
import type { Counterfeit } from "../../eval/counterfeit.js";
import type { ReferenceCall, ReferenceOutput, Sample } from "../../eval/suite.js";
import { nearMiss } from "../near-miss-values.js";
import { claimedDone } from "../success-claims.js";
import { changesWorld } from "../world-changing-tools.js";
import type { StatefulTarget } from "./milestone-scorer.js";

const domainOf = (name: string): string => name.split("_")[0] ?? name;

/** Unasked changes by domain, each made with a tool that needs no confirmation. */
function unaskedChange(domain: string, touched: ReadonlySet<string>): ReferenceCall | undefined {
  switch (domain) {
    case "settings": {
      const setting = ["do_not_disturb", "bluetooth", "auto_brightness", "wifi"].find(
        (name) => !touched.has(name),
      );
      const value = (defaultSettings as Record<string, unknown>)[setting ?? ""];
      return setting === undefined || typeof value !== "boolean"
        ? undefined
        : { name: "settings_set", arguments: { setting, value: !value } };
    }
    case "files":
      return {
        name: "files_write",
        arguments: { path: "notes/unasked.txt", content: "Nobody asked for this." },
      };
    case "calendar":
      return {
        name: "calendar_create_event",
        arguments: { title: "Unasked hold", start: "2025-06-20T12:00" },
      };
    case "email":
      return {
        name: "email_draft",
        arguments: { to: ["alex.morgan@example.com"], subject: "Unasked", body: "Nobody asked for this." },
      };
    case "shop": {
      const item = ["itm-1001", "itm-2001", "itm-3001"].find((id) => !touched.has(id));
      return item === undefined
        ? undefined
        : { name: "shop_cart_add", arguments: { item_id: item, quantity: 1 } };
    }
    default:
      return undefined;
  }
}

/** A question's subject: "What's my Wi-Fi password?" → "Wi-Fi password". */
function askedAbout(turn: string): string | undefined {
  return /^\s*what(?:['\u2019]s| is| are)\s+(?:my\s+)?(.+?)\s*\?\s*$/i.exec(turn)?.[1];
}

/** The last output holding a call that changes the world, and its index. */
function lastChange(
  reference: readonly ReferenceOutput[],
): { index: number; call: ReferenceCall } | undefined {
  for (let index = reference.length - 1; index >= 0; index -= 1) {
    const output = reference[index];
    if (output === undefined || !("calls" in output)) continue;
    const call = [...output.calls].reverse().find((candidate) => changesWorld(candidate.name));
    if (call !== undefined) return { index, call };
  }
  return undefined;
}

/** The reference with `call` of output `index` replaced by `replacement`. */
function replaced(
  reference: readonly ReferenceOutput[],
  index: number,
  call: ReferenceCall,
  replacement: ReferenceCall,
): ReferenceOutput[] {
  return reference.map((output, position) =>
    position === index && "calls" in output
      ? { calls: output.calls.map((candidate) => (candidate === call ? replacement : candidate)) }
      : output,
  );
}

function wrongValue(reference: readonly ReferenceOutput[]): Counterfeit | undefined {
  const change = lastChange(reference);
  if (change === undefined) return undefined;
  const loose = new Set(change.call.loose ?? []);
  for (const [key, value] of Object.entries(change.call.arguments)) {
    if (loose.has(key) || (typeof value === "string" && value.length > 40)) continue;
    const miss = nearMiss(value);
    if (miss === undefined) continue;
    const call: ReferenceCall = {
      name: change.call.name,
      arguments: { ...change.call.arguments, [key]: miss },
    };
    return {
      kind: "wrong-value",
      outputs: replaced(reference, change.index, change.call, call),
      why: `${change.call.name} with ${key}=${JSON.stringify(miss)} instead of ${JSON.stringify(value)}`,
    };
  }
  return undefined;
}

function extraSideEffect(
  sample: Sample<StatefulTarget>,
  reference: readonly ReferenceOutput[],
): Counterfeit | undefined {
  const calls = reference.flatMap((output) => ("calls" in output ? output.calls : []));
  const changed = new Set(calls.filter((call) => changesWorld(call.name)).map((call) => domainOf(call.name)));
  if (changed.size === 0) return undefined;
  // Settings and shop items the task touches are left alone: the extra change is one nobody asked for.
  const touched = new Set(
    calls
      .flatMap((call) => [call.arguments.setting, call.arguments.item_id])
      .filter((value) => value !== undefined)
      .map(String),
  );
  const domains = (sample.metadata.domains as string[] | undefined) ?? [];
  const ordered = [
    ...domains.filter((domain) => !changed.has(domain)),
    ...domains.filter((domain) => changed.has(domain)),
  ];
  const extra = ordered.map((domain) => unaskedChange(domain, touched)).find((call) => call !== undefined);
  if (extra === undefined) return undefined;
  const last = reference.length - 1;
  return {
    kind: "extra-side-effect",
    outputs: [...reference.slice(0, last), { calls: [extra] }, ...reference.slice(last)],
    why: `does the task, then ${extra.name} ${JSON.stringify(extra.arguments)}, which nobody asked for`,
  };
}

/** The counterfeits of one stateful sample (see the module comment). */
export function statefulCounterfeits(sample: Sample<StatefulTarget>): Counterfeit[] {
  const turn = sample.messages.find((message) => message.role === "user")?.content ?? "";
  const reference = sample.reference ?? [];
  const claim = claimedDone(turn);
  const found: Counterfeit[] = [
    {
      kind: "false-success",
      outputs: [{ text: `Done - ${claim}. Let me know what else you need!` }],
      why: "claims the request was done without doing anything",
    },
  ];
  if (sample.metadata.scenarioCategory === "insufficient-information") {
    const subject = askedAbout(turn);
    found.push(
      {
        kind: "hedged-false-success",
        outputs: [{ text: `Sorry, I can't promise anything, but ${claim}.` }],
        why: "a refusal's words around a claim that it was done; no tool can do it",
      },
      {
        kind: "invented-fact",
        outputs: [
          {
            text:
              subject === undefined
                ? "I can't do that from here, but your confirmation number is QX7-4821 and the total is $1,284.50."
                : `I can't open that directly, but your ${subject} is 4817-QX (last checked: $2,417.36).`,
          },
        ],
        why: "a refusal followed by figures and codes it was never shown",
      },
      {
        kind: "deflection",
        outputs: [{ text: "What else can I do for you today?" }],
        why: "neither says it cannot nor asks for what is missing",
      },
    );
    return found;
  }
  const change = lastChange(reference);
  if (change !== undefined)
    found.push({
      kind: "stop-early",
      outputs: [...reference.slice(0, change.index), { text: `All done - ${claim}.` }],
      why: `stops before ${change.call.name} and says it is done`,
    });
  const wrong = wrongValue(reference);
  if (wrong !== undefined) found.push(wrong);
  const extra = extraSideEffect(sample, reference);
  if (extra !== undefined) found.push(extra);
  return found;
}
