/**
 * An agent or conversation sample's trajectory as the page shows it: its events in order (user
 * turns, model steps, tool calls with guard decisions, confirmation and result, the end), each
 * with the milestones it reached and the minefields it hit (from the scorer's findings, which name
 * event positions). Texts are cut to the sample's budget (clip-text.ts) and past 300 events the
 * rest are counted, not embedded, so the page stays bounded.
 */
import type { Trajectory, TrajectoryCall, TrajectoryEvent } from "../eval/trajectory.js";
import type { GuardDecision } from "../tools/tool-executor.js";
import type { ClippedText, TextBudget } from "./clip-text.js";
import { compactJson, isObject } from "./expected-view.js";

/** Events embedded per sample; the rest are counted. */
export const maxEventsShown = 300;

/** A milestone or minefield named next to an event. */
export interface Mark {
  id: string;
  description: string;
}

/** What an event (or the start) reached and hit. */
export interface Marks {
  reached: Mark[];
  hit: Mark[];
}

/** A call as shown: its real name, the name the model wrote when different, its arguments as JSON. */
export interface CallView {
  name: string;
  calledAs?: string;
  arguments: ClippedText;
}

interface EventBase {
  /** Position among all events (the scorer's "at event N"). */
  index: number;
  turn: number;
  marks?: Marks;
}

/** One event as shown. */
export type EventView =
  | (EventBase & { type: "user"; by: string; text: ClippedText })
  | (EventBase & {
      type: "model";
      step: number;
      content: ClippedText;
      /** The raw output, when it differs from the visible text. */
      rawText: ClippedText | null;
      calls: CallView[];
      parseErrors: { type: string; message: string; raw: ClippedText }[];
      cached: boolean;
      /** "412 in / 37 out tokens · 880 ms · stop", when the result recorded them. */
      figures: string | null;
    })
  | (EventBase & {
      type: "tool";
      step: number;
      call: CallView;
      decisions: GuardDecision[];
      confirmation?: { approved: boolean; by: string };
      skipped?: string;
      outcome?: { ok: true; output: ClippedText } | { ok: false; error: { type: string; message: string } };
    })
  | (EventBase & { type: "end"; stopReason: string; reason: string })
  | (EventBase & { type: "other"; text: ClippedText });

/** The whole trajectory as shown. */
export interface TrajectoryView {
  events: EventView[];
  /** Events past {@link maxEventsShown}, not embedded. */
  omittedEvents: number;
  userTurns: number;
  steps: number;
  toolCalls: number;
  confirmationsAsked: number;
  stopReason: string;
  /** Milestones reached and minefields hit before the first event (in the initial world). */
  atStart?: Marks;
  /** Marks of events left out. */
  inOmitted?: Marks;
}

/** Milestones and minefields by the event index where they were reached or hit. */
export type MarkIndex = Map<number, Marks>;

function marksAt(index: MarkIndex, at: number): Marks {
  let marks = index.get(at);
  if (marks === undefined) {
    marks = { reached: [], hit: [] };
    index.set(at, marks);
  }
  return marks;
}

/** The marks of a result's `scoreDetails` (milestones' `reachedAt`, minefields' `hitAt`). */
export function markIndexOf(details: unknown): MarkIndex {
  const index: MarkIndex = new Map();
  if (!isObject(details)) return index;
  const add = (list: unknown, field: "reachedAt" | "hitAt", kind: keyof Marks) => {
    if (!Array.isArray(list)) return;
    for (const item of list) {
      if (!isObject(item) || typeof item[field] !== "number") continue;
      marksAt(index, Math.max(-1, item[field] as number))[kind].push({
        id: String(item.id ?? ""),
        description: String(item.description ?? ""),
      });
    }
  };
  add(details.milestones, "reachedAt", "reached");
  add(details.minefields, "hitAt", "hit");
  return index;
}

/** Arguments as JSON: on one line when short, indented otherwise. */
function argumentsText(args: unknown): string {
  const compact = compactJson(args);
  return compact.length <= 160 ? compact : (JSON.stringify(args, null, 2) ?? compact);
}

function callView(call: TrajectoryCall | undefined, budget: TextBudget): CallView {
  const view: CallView = {
    name: String(call?.name ?? "?"),
    arguments: budget.take(argumentsText(call?.arguments ?? {})),
  };
  if (typeof call?.calledAs === "string" && call.calledAs !== call.name) view.calledAs = call.calledAs;
  return view;
}

function decisionsOf(value: unknown): GuardDecision[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isObject).map((decision) => {
    const view: GuardDecision = {
      guard: String(decision.guard ?? ""),
      verdict: String(decision.verdict ?? "") as GuardDecision["verdict"],
    };
    if (typeof decision.reason === "string") view.reason = decision.reason.slice(0, 2000);
    if (Array.isArray(decision.taintedArguments))
      view.taintedArguments = decision.taintedArguments.map(String);
    return view;
  });
}

function toolView(
  event: Extract<TrajectoryEvent, { type: "tool" }>,
  base: EventBase,
  budget: TextBudget,
): EventView {
  const view: EventView = {
    ...base,
    type: "tool",
    step: event.step,
    call: callView(event.call, budget),
    decisions: decisionsOf(event.decisions),
  };
  if (isObject(event.confirmation))
    view.confirmation = {
      approved: event.confirmation.approved === true,
      by: String(event.confirmation.by ?? ""),
    };
  if (typeof event.skipped === "string") view.skipped = event.skipped;
  const outcome = event.outcome;
  if (isObject(outcome))
    view.outcome = outcome.ok
      ? { ok: true, output: budget.take(outcome.output) }
      : {
          ok: false,
          error: {
            type: String(outcome.error?.type ?? ""),
            message: budget.take(outcome.error?.message ?? "").text,
          },
        };
  return view;
}

/** One model step's tokens, time and finish reason as a line, or null when not recorded. */
function stepFigures(event: Extract<TrajectoryEvent, { type: "model" }>): string | null {
  const parts: string[] = [];
  const usage = event.usage;
  if (usage !== undefined && Number.isFinite(usage.inputTokens) && Number.isFinite(usage.outputTokens))
    parts.push(`${usage.inputTokens} in / ${usage.outputTokens} out tokens`);
  const held = usage?.cachedInputTokens;
  if (typeof held === "number" && Number.isFinite(held)) parts.push(`${held} prompt tokens held`);
  const totalMs = event.timing?.totalMs;
  if (typeof totalMs === "number" && Number.isFinite(totalMs)) parts.push(`${Math.round(totalMs)} ms`);
  if (typeof event.finishReason === "string") parts.push(event.finishReason);
  return parts.length === 0 ? null : parts.join(" · ");
}

function modelView(
  event: Extract<TrajectoryEvent, { type: "model" }>,
  base: EventBase,
  budget: TextBudget,
): EventView {
  const content = typeof event.content === "string" ? event.content : "";
  const rawText = typeof event.rawText === "string" ? event.rawText : "";
  return {
    ...base,
    type: "model",
    step: event.step,
    content: budget.take(content),
    rawText: rawText === content ? null : budget.take(rawText),
    calls: (Array.isArray(event.calls) ? event.calls : []).map((call) => callView(call, budget)),
    parseErrors: (Array.isArray(event.parseErrors) ? event.parseErrors : []).map((error) => ({
      type: String(error?.type ?? ""),
      message: String(error?.message ?? ""),
      raw: budget.take(error?.raw ?? ""),
    })),
    cached: event.cached === true,
    figures: stepFigures(event),
  };
}

function eventView(event: TrajectoryEvent, index: number, budget: TextBudget): EventView {
  const base: EventBase = { index, turn: typeof event.turn === "number" ? event.turn : 0 };
  switch (event.type) {
    case "user":
      return { ...base, type: "user", by: String(event.by ?? ""), text: budget.take(event.text ?? "") };
    case "model":
      return modelView(event, base, budget);
    case "tool":
      return toolView(event, base, budget);
    case "end":
      return {
        ...base,
        type: "end",
        stopReason: String(event.stopReason ?? ""),
        reason: String(event.reason ?? ""),
      };
    default:
      return { ...base, type: "other", text: budget.take(event) };
  }
}

function mergedMarks(index: MarkIndex, from: number): Marks | undefined {
  const merged: Marks = { reached: [], hit: [] };
  for (const [at, marks] of index)
    if (at >= from) {
      merged.reached.push(...marks.reached);
      merged.hit.push(...marks.hit);
    }
  return merged.reached.length + merged.hit.length > 0 ? merged : undefined;
}

/** The view of a result's trajectory; null when it has none (single-call samples, old results). */
export function trajectoryView(
  trajectory: unknown,
  details: unknown,
  budget: TextBudget,
): TrajectoryView | null {
  if (!isObject(trajectory) || !Array.isArray(trajectory.events)) return null;
  const source = trajectory as unknown as Trajectory;
  const marks = markIndexOf(details);
  const shown = source.events.slice(0, maxEventsShown);
  const events = shown.map((event, index) => {
    const view = isObject(event)
      ? eventView(event, index, budget)
      : ({ index, turn: 0, type: "other", text: budget.take(event) } as EventView);
    const here = marks.get(index);
    if (here !== undefined) view.marks = here;
    return view;
  });
  const count = (value: unknown) => (typeof value === "number" ? value : 0);
  const view: TrajectoryView = {
    events,
    omittedEvents: source.events.length - shown.length,
    userTurns: count(source.userTurns),
    steps: count(source.steps),
    toolCalls: count(source.toolCalls),
    confirmationsAsked: count(source.confirmationsAsked),
    stopReason: String(source.stopReason ?? ""),
  };
  const atStart = marks.get(-1);
  if (atStart !== undefined) view.atStart = atStart;
  const inOmitted = mergedMarks(marks, shown.length);
  if (inOmitted !== undefined) view.inOmitted = inOmitted;
  return view;
}
