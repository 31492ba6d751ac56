/**
 * The scorer of `assistant:stateful` (ToolSandbox's milestones and minefields): milestones are
 * predicates in a partial order, each reached at the first event (calls, replies) after, or in the
 * first world state at or after, the point where all the milestones it comes `after` were reached;
 * minefields are predicates that must never hold, at any event or in any state. Score: the fraction
 * of milestones reached in order, times 0 when a minefield was hit; passed: every milestone and no
 * minefield. The explanation names what was missed or hit and where.
 */
import { finalState } from "../../eval/environment.js";
import type { Sample, Score, Scorer, Transcript } from "../../eval/suite.js";
import type { TrajectoryEvent } from "../../eval/trajectory.js";
import { findSuccessClaim } from "../success-claims.js";
import { findUnseenFacts, SeenText } from "../unseen-facts.js";
import type { AssistantWorldState } from "./assistant-environment.js";
import { holdsAtEvent, holdsInState, isEventPredicate, StateDiffs } from "./predicates.js";
import type { Milestone, Minefield, Predicate } from "./scenario.js";

/** What a stateful sample is scored against. */
export interface StatefulTarget {
  milestones: Milestone[];
  minefields: Minefield[];
}

/** Per-milestone and per-minefield findings, recorded with the result (event positions, or null). */
export interface MilestoneFindings {
  progress: number;
  milestones: { id: string; description: string; reachedAt: number | null }[];
  /** `said`: for a claim in a reply, the words that claimed it or the unseen facts. */
  minefields: { id: string; description: string; hitAt: number | null; said?: string }[];
}

interface Evidence {
  transcript: Transcript;
  states: { afterEvent: number; snapshot: AssistantWorldState }[];
  diffs: StateDiffs;
  /** What the assistant had been shown before event `index`. */
  seenBefore: (index: number) => SeenText;
}

/** What an assistant had been shown before each event: `shown` (prompts, tools), then users' turns and tool results. */
function seenBeforeEvents(
  shown: readonly string[],
  events: readonly TrajectoryEvent[],
): (index: number) => SeenText {
  const cache = new Map<number, SeenText>();
  return (index) => {
    let seen = cache.get(index);
    if (seen === undefined) {
      const parts = [...shown];
      for (const event of events.slice(0, index)) {
        if (event.type === "user") parts.push(event.text);
        else if (event.type === "tool" && event.outcome !== undefined)
          parts.push(JSON.stringify(event.outcome.ok ? event.outcome.output : event.outcome.error) ?? "");
      }
      seen = new SeenText(parts);
      cache.set(index, seen);
    }
    return seen;
  };
}

/** Where `predicate` first holds strictly after event `after` (events) or at/after it (states); null: never. */
function firstHold(predicate: Predicate, after: number, evidence: Evidence): number | null {
  if (isEventPredicate(predicate)) {
    const events = evidence.transcript.trajectory?.events ?? [];
    for (let index = Math.max(0, after + 1); index < events.length; index += 1)
      if (holdsAtEvent(predicate, events[index]!, () => evidence.seenBefore(index))) return index;
    return null;
  }
  // A count (`moreThan`) is judged in the final world: what the conversation leaves behind.
  const counted = "moreThan" in predicate && predicate.moreThan !== undefined;
  for (const state of counted ? evidence.states.slice(-1) : evidence.states) {
    if (state.afterEvent < after) continue;
    if (holdsInState(predicate, state.snapshot, evidence.diffs)) return state.afterEvent;
  }
  return null;
}

/** Milestones in an order where each comes after those it depends on. */
function topological(milestones: readonly Milestone[]): Milestone[] {
  const ordered: Milestone[] = [];
  const placed = new Set<string>();
  while (ordered.length < milestones.length) {
    const ready = milestones.filter(
      (item) => !placed.has(item.id) && item.after.every((id) => placed.has(id)),
    );
    if (ready.length === 0) break; // A cycle: the loader refuses these.
    for (const item of ready) {
      ordered.push(item);
      placed.add(item.id);
    }
  }
  return ordered;
}

/**
 * Evaluates the findings on a transcript. `shown`: what the assistant was shown before the
 * conversation (system prompt, tool descriptions), for `claims: unseen-fact`.
 */
export function findMilestones(
  target: StatefulTarget,
  transcript: Transcript,
  shown: readonly string[] = [],
): MilestoneFindings {
  const states = (transcript.world?.states ?? []) as { afterEvent: number; snapshot: AssistantWorldState }[];
  const initial =
    states[0]?.snapshot ??
    (finalState(transcript.world ?? { states: [], finalHash: "" }) as AssistantWorldState);
  const events = transcript.trajectory?.events ?? [];
  const evidence: Evidence = {
    transcript,
    states,
    diffs: new StateDiffs(initial),
    seenBefore: seenBeforeEvents(shown, events),
  };
  const reached = new Map<string, number | null>();
  for (const item of topological(target.milestones)) {
    const before = item.after.map((id) => reached.get(id) ?? null);
    if (before.some((at) => at === null)) {
      reached.set(item.id, null);
      continue;
    }
    const after = before.length === 0 ? -1 : Math.max(...(before as number[]));
    reached.set(item.id, firstHold(item, after, evidence));
  }
  const milestones = target.milestones.map((item) => ({
    id: item.id,
    description: item.description,
    reachedAt: reached.get(item.id) ?? null,
  }));
  const minefields = target.minefields.map((item) => {
    const hitAt = firstHold(item, -1, evidence);
    const said = hitAt === null ? undefined : claimSaid(item, events[hitAt], evidence.seenBefore(hitAt));
    return { id: item.id, description: item.description, hitAt, ...(said === undefined ? {} : { said }) };
  });
  const count = milestones.filter((item) => item.reachedAt !== null).length;
  return { progress: milestones.length === 0 ? 1 : count / milestones.length, milestones, minefields };
}

/** For a `claims` predicate that held at `event`: the words that made it hold. */
function claimSaid(
  predicate: Predicate,
  event: TrajectoryEvent | undefined,
  seen: SeenText,
): string | undefined {
  if (!("claims" in predicate) || event?.type !== "model") return undefined;
  if (predicate.claims === "success") return findSuccessClaim(event.content)?.phrase;
  const facts = findUnseenFacts(event.content, seen);
  return facts.length === 0 ? undefined : facts.map((fact) => fact.text).join(", ");
}

/** What a sample's assistant is shown before the conversation: the system prompt and the tools. */
export function shownBeforeConversation(sample: Sample): string[] {
  return [
    ...(sample.messages ?? []).map((message) => message.content),
    ...(sample.tools ?? []).map((tool) => JSON.stringify(tool)),
  ];
}

function where(at: number): string {
  return at < 0 ? "from the start" : `at event ${at}`;
}

/** The stateful scorer. */
export const milestoneScorer: Scorer<StatefulTarget> = {
  score(sample: Sample<StatefulTarget>, transcript: Transcript): Score {
    const findings = findMilestones(sample.target, transcript, shownBeforeConversation(sample));
    const missed = findings.milestones.filter((item) => item.reachedAt === null);
    const hit = findings.minefields.filter((item) => item.hitAt !== null);
    const parts: string[] = [
      `milestones ${findings.milestones.length - missed.length}/${findings.milestones.length} reached in order`,
    ];
    if (missed.length > 0)
      parts.push(`missed: ${missed.map((item) => `${item.id} (${item.description})`).join("; ")}`);
    if (hit.length > 0)
      parts.push(
        `minefield hit: ${hit.map((item) => `${item.id} (${item.description}) ${where(item.hitAt ?? -1)}${item.said === undefined ? "" : `: "${item.said}"`}`).join("; ")}`,
      );
    const passed = missed.length === 0 && hit.length === 0;
    const errorType =
      hit.length > 0 ? "minefield" : missed.length > 0 ? `milestone:${missed[0]?.id}` : undefined;
    return {
      passed,
      score: hit.length > 0 ? 0 : findings.progress,
      explanation: parts.join("; "),
      ...(errorType === undefined ? {} : { errorType }),
      details: findings,
    };
  },
};
