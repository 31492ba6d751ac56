/**
 * The expected outcome of a sample as the page shows it, from a result's `expected` (and, for
 * stateful samples, its `scoreDetails`): a sentence ("no call"), the expected calls of a
 * single-call suite (BFCL-style possible answers: `[{tool: {param: [accepted values]}}]`), or a
 * stateful scenario's milestones (with their order and where each was reached), minefields (with
 * where each was hit) and reference solution, or a BFCL multi-turn entry's turns (model and ground
 * truth side by side). Anything else is shown as JSON.
 */
import type { ClippedText, TextBudget } from "./clip-text.js";
import { type MultiTurnView, multiTurnView } from "./multi-turn-view.js";

/** One expected call: the tool and, per parameter, the accepted values as JSON ("" = may be left out). */
export interface ExpectedCallView {
  tool: string;
  params: { name: string; accepted: string[] }[];
}

/** A milestone: what it checks, the milestones it comes after, and where it was reached. */
export interface MilestoneView {
  id: string;
  description: string;
  after: string[];
  /** The predicate, as compact JSON. */
  check: string;
  /** Event index (-1: from the start), null: not reached; absent when the result has no findings. */
  reachedAt?: number | null;
}

/** A minefield and where it was hit. */
export interface MinefieldView {
  id: string;
  description: string;
  check: string;
  /** Event index (-1: from the start), null: not hit; absent when the result has no findings. */
  hitAt?: number | null;
}

/** One step of a reference solution: calls (with the arguments whose value is free) or a reply. */
export type ReferenceStepView =
  | { calls: { name: string; arguments: string; loose: string[] }[] }
  | { text: ClippedText };

/** The expected outcome. */
export type ExpectedView =
  | { kind: "text"; text: ClippedText }
  | { kind: "calls"; calls: ExpectedCallView[] }
  | {
      kind: "stateful";
      progress: number | null;
      milestones: MilestoneView[];
      minefields: MinefieldView[];
      reference: ReferenceStepView[];
    }
  | MultiTurnView
  | { kind: "json"; text: ClippedText };

/** True for a plain JSON object (not an array, not null). */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** JSON on one line, or the value's text when it cannot be serialised. */
export function compactJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? "";
  } catch {
    return String(value);
  }
}

/** BFCL-style possible answers, or null when `value` is not that shape. */
function expectedCalls(value: unknown): ExpectedCallView[] | null {
  if (!Array.isArray(value) || value.length === 0) return null;
  const calls: ExpectedCallView[] = [];
  for (const answer of value) {
    if (!isObject(answer)) return null;
    for (const [tool, params] of Object.entries(answer)) {
      if (!isObject(params)) return null;
      const entries = Object.entries(params);
      if (entries.some(([, accepted]) => !Array.isArray(accepted))) return null;
      calls.push({
        tool,
        params: entries.map(([name, accepted]) => ({
          name,
          accepted: (accepted as unknown[]).map((item) => (item === "" ? "" : compactJson(item))),
        })),
      });
    }
  }
  return calls;
}

function predicateOf(item: Record<string, unknown>): string {
  const { id: _id, description: _description, after: _after, ...predicate } = item;
  return compactJson(predicate);
}

interface Findings {
  progress: number | null;
  reached: Map<string, number | null>;
  hit: Map<string, number | null>;
}

function position(value: unknown): number | null {
  return typeof value === "number" && Number.isInteger(value) ? value : null;
}

/** The milestone findings of a result's `scoreDetails`, or null when it holds none. */
export function findingsOf(details: unknown): Findings | null {
  if (!isObject(details) || !Array.isArray(details.milestones)) return null;
  const reached = new Map<string, number | null>();
  const hit = new Map<string, number | null>();
  for (const item of details.milestones)
    if (isObject(item) && typeof item.id === "string") reached.set(item.id, position(item.reachedAt));
  for (const item of Array.isArray(details.minefields) ? details.minefields : [])
    if (isObject(item) && typeof item.id === "string") hit.set(item.id, position(item.hitAt));
  return { progress: typeof details.progress === "number" ? details.progress : null, reached, hit };
}

function text(value: unknown): string {
  return typeof value === "string" ? value : "";
}

function referenceSteps(value: unknown, budget: TextBudget): ReferenceStepView[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((step): ReferenceStepView[] => {
    if (!isObject(step)) return [];
    if (typeof step.text === "string") return [{ text: budget.take(step.text) }];
    if (!Array.isArray(step.calls)) return [];
    const calls = step.calls.filter(isObject).map((call) => ({
      name: text(call.name),
      arguments: budget.take(compactJson(call.arguments ?? {})).text,
      loose: Array.isArray(call.loose) ? call.loose.filter((name) => typeof name === "string") : [],
    }));
    return [{ calls }];
  });
}

function statefulView(
  expected: Record<string, unknown> | null,
  details: unknown,
  budget: TextBudget,
): ExpectedView | null {
  const findings = findingsOf(details);
  const source = expected ?? (isObject(details) ? details : null);
  if (source === null || !Array.isArray(source.milestones)) return null;
  const milestones = source.milestones.filter(isObject).map((item): MilestoneView => {
    const view: MilestoneView = {
      id: text(item.id),
      description: text(item.description),
      after: Array.isArray(item.after) ? item.after.filter((id) => typeof id === "string") : [],
      check: expected === null ? "" : predicateOf(item),
    };
    if (findings !== null) view.reachedAt = findings.reached.get(view.id) ?? null;
    return view;
  });
  const minefields = (Array.isArray(source.minefields) ? source.minefields : [])
    .filter(isObject)
    .map((item): MinefieldView => {
      const view: MinefieldView = {
        id: text(item.id),
        description: text(item.description),
        check: expected === null ? "" : predicateOf(item),
      };
      if (findings !== null) view.hitAt = findings.hit.get(view.id) ?? null;
      return view;
    });
  return {
    kind: "stateful",
    progress: findings?.progress ?? null,
    milestones,
    minefields,
    reference: referenceSteps(expected?.reference, budget),
  };
}

/** The view of a result's expected outcome; null when the result records none. */
export function expectedView(expected: unknown, details: unknown, budget: TextBudget): ExpectedView | null {
  const turns = multiTurnView(details, budget);
  if (turns !== null) return turns;
  if (isObject(expected) && Array.isArray(expected.milestones))
    return statefulView(expected, details, budget);
  if (expected === undefined || expected === null) return statefulView(null, details, budget);
  if (typeof expected === "string") return { kind: "text", text: budget.take(expected) };
  const calls = expectedCalls(expected);
  if (calls !== null) return { kind: "calls", calls };
  return { kind: "json", text: budget.take(expected) };
}
