/**
 * Augmentations of `assistant:stateful` (ToolSandbox's): each `--augment NAME` adds a copy of
 * every scenario, in a category of its own, with the offered tools changed:
 * - `distract-3`, `distract-10`: that many tools from domains the scenario does not use are added
 *   (chosen by a hash of the scenario id, so every run offers the same ones);
 * - `distract-all`: all the assistant tools are offered;
 * - `scramble-names`: every offered tool gets an opaque name (`tool_` and four letters); the model
 *   must pick tools by their descriptions;
 * - `scramble-descriptions`: every description (the tool's and its parameters') is removed; the
 *   model must pick tools by their names;
 * - `tool-faults`: the tools are the scenario's own, but the first tool the reference solution
 *   calls fails transiently on its first call (Claw-Eval's error injection: a timeout, a
 *   server-style error or a truncated result, chosen by a hash of the scenario id, recorded in the
 *   sample); the reference solution retries a call that did not run.
 */
import { createHash } from "node:crypto";
import { EdgecallError } from "../../errors.js";
import type { ReferenceOutput } from "../../eval/suite.js";
import { type SuiteOptions, suiteOptionList } from "../../eval/suite-inputs.js";
import type { JsonSchema, ToolDefinition } from "../../messages.js";
import { type ToolFault, toolFaultKinds } from "../../tools/tool-faults.js";

/** The augmentation names, in report order. */
export const augmentationNames = [
  "distract-3",
  "distract-10",
  "distract-all",
  "scramble-names",
  "scramble-descriptions",
  "tool-faults",
] as const;
/** An augmentation's name. */
export type AugmentationName = (typeof augmentationNames)[number];

/** `--augment` from the suite inputs' bag (none when not given); a usage error for an unknown name. */
export function augmentationsOf(options: SuiteOptions): AugmentationName[] {
  const augments = suiteOptionList(options, "augment");
  for (const augmentation of augments)
    if (!(augmentationNames as readonly string[]).includes(augmentation))
      throw new EdgecallError("usage", `--augment: unknown augmentation "${augmentation}"`, {
        subject: "--augment",
      });
  return [...augments] as AugmentationName[];
}

/** The offered tools of an augmented sample and the names that stand for other tools. */
export interface AugmentedTools {
  tools: ToolDefinition[];
  toolNames?: Record<string, string>;
}

function hashOf(text: string): Buffer {
  return createHash("sha256").update(text).digest();
}

/** Deterministic choice of `count` distractors, by a hash of the sample id and each tool's name. */
function distractors(
  id: string,
  offered: readonly ToolDefinition[],
  all: readonly ToolDefinition[],
  count: number,
) {
  const taken = new Set(offered.map((tool) => tool.name));
  return all
    .filter((tool) => !taken.has(tool.name))
    .map((tool) => ({ tool, rank: hashOf(`${id}\u0000${tool.name}`).toString("hex") }))
    .sort((left, right) => (left.rank < right.rank ? -1 : 1))
    .slice(0, count)
    .map((entry) => entry.tool);
}

function withoutDescriptions(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutDescriptions);
  if (typeof schema !== "object" || schema === null) return schema;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === "description" && typeof value === "string") continue;
    copy[key] =
      key === "properties"
        ? Object.fromEntries(
            Object.entries(value as object).map(([name, inner]) => [name, withoutDescriptions(inner)]),
          )
        : withoutDescriptions(value);
  }
  return copy;
}

/** An opaque name for a tool, unique within one sample. */
function opaqueName(id: string, name: string, used: Set<string>): string {
  const letters = "abcdefghijklmnopqrstuvwxyz";
  for (let attempt = 0; ; attempt += 1) {
    const bytes = hashOf(`${id}\u0000${name}\u0000${attempt}`);
    const code = Array.from(bytes.subarray(0, 4), (byte) => letters[byte % letters.length]).join("");
    const candidate = `tool_${code}`;
    if (!used.has(candidate)) {
      used.add(candidate);
      return candidate;
    }
  }
}

/**
 * The tools sample `id` offers under `augmentation`, given the scenario's own tools and every
 * assistant tool. Tools are ordered as given, distractors after them in hash order.
 */
export function augmentTools(
  augmentation: AugmentationName,
  id: string,
  offered: readonly ToolDefinition[],
  all: readonly ToolDefinition[],
): AugmentedTools {
  switch (augmentation) {
    case "distract-3":
      return { tools: [...offered, ...distractors(id, offered, all, 3)] };
    case "distract-10":
      return { tools: [...offered, ...distractors(id, offered, all, 10)] };
    case "distract-all":
      return { tools: [...offered, ...distractors(id, offered, all, all.length)] };
    case "scramble-names": {
      const used = new Set<string>();
      const toolNames: Record<string, string> = {};
      const tools = offered.map((tool) => {
        const name = opaqueName(id, tool.name, used);
        toolNames[name] = tool.name;
        return { ...tool, name };
      });
      return { tools, toolNames };
    }
    case "tool-faults":
      return { tools: [...offered] };
    case "scramble-descriptions":
      return {
        tools: offered.map((tool) => ({
          name: tool.name,
          parameters: withoutDescriptions(tool.parameters) as JsonSchema,
        })),
      };
  }
}

/**
 * The fault of a `tool-faults` copy and its reference solution. The faulted call is the first
 * call of the reference to a tool it calls only once (a call to a tool called several times may be
 * one the scenario expects to fail, such as a search while offline); it fails on its first try,
 * and a call that did not run (timeout, server error) is made again right after. Undefined when
 * no tool is called exactly once.
 */
export function faultedReference(
  id: string,
  reference: readonly ReferenceOutput[],
): { faults: ToolFault[]; reference: ReferenceOutput[] } | undefined {
  const counts = new Map<string, number>();
  for (const output of reference)
    if ("calls" in output)
      for (const call of output.calls) counts.set(call.name, (counts.get(call.name) ?? 0) + 1);
  const index = reference.findIndex(
    (output) => "calls" in output && output.calls.some((call) => counts.get(call.name) === 1),
  );
  const chosen = reference[index];
  if (chosen === undefined || !("calls" in chosen)) return undefined;
  const call = chosen.calls.find((candidate) => counts.get(candidate.name) === 1);
  if (call === undefined) return undefined;
  const kind = toolFaultKinds[(hashOf(id).readUInt32BE(0) % toolFaultKinds.length) as 0 | 1 | 2];
  const retried: ReferenceOutput[] =
    kind === "truncated"
      ? [...reference]
      : [...reference.slice(0, index + 1), { calls: [call] }, ...reference.slice(index + 1)];
  return { faults: [{ tool: call.name, kind, call: 1 }], reference: retried };
}
