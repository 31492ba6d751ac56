/**
 * A fleet: one model served by several servers (`openai:URL1,URL2#MODEL`), used as one backend.
 * Each call goes to the server in rotation with the fewest calls outstanding (ties: the one listed
 * first). A server that stops answering (nothing listening, a dropped connection, no response within
 * the idle timeout, 502/503/504 after its own retries) is taken out of rotation and the call is sent
 * to another; it is tried again after `reviveAfterMs` (doubled each time it fails again). Only when
 * every server has failed this call does it fail (a harness error naming the last server's error);
 * when all are out of rotation a call still tries them, the one due back first first. Other errors (a 400, a reply
 * that is not a completion) would fail the same way anywhere and are not retried elsewhere. Streamed
 * calls move only before their first event. `report()` gives per-server counts (run.json records them).
 */
import { EdgecallError } from "../../errors.js";
import type {
  BackendReport,
  GenerateOptions,
  GenerateRequest,
  GenerateResult,
  ModelBackend,
  ServerStats,
  StreamEvent,
} from "../model-backend.js";

/** One server of the fleet. */
export interface FleetMember {
  url: string;
  backend: ModelBackend;
}

/** Options of {@link createFleetBackend}. */
export interface FleetOptions {
  /** How long a server stays out of rotation before it is tried again (default 30000 ms). */
  reviveAfterMs?: number;
  /** The clock (tests). */
  now?: () => number;
}

/** Error codes that mean the server is not answering: take it out and try elsewhere. */
const unanswered = new Set(["backend-unreachable", "backend-timeout", "backend-protocol"]);
const overloadedStatuses = new Set([502, 503, 504]);

/** True when `error` says the server stopped answering (rather than answering no). */
export function serverStoppedAnswering(error: unknown): boolean {
  if (!(error instanceof EdgecallError)) return false;
  if (unanswered.has(error.code)) return true;
  const status = (error as { status?: unknown }).status;
  return error.code === "backend-http" && typeof status === "number" && overloadedStatuses.has(status);
}

interface MemberState extends FleetMember {
  outstanding: number;
  stats: ServerStats;
  /** Out of rotation until this time (undefined: in rotation). */
  downUntil: number | undefined;
  downForMs: number;
}

class FleetBackend implements ModelBackend {
  readonly info: ModelBackend["info"];
  readonly capabilities: ModelBackend["capabilities"];
  private readonly members: MemberState[];
  private readonly reviveAfterMs: number;
  private readonly now: () => number;

  constructor(members: readonly FleetMember[], options: FleetOptions) {
    const first = members[0];
    if (first === undefined) throw new EdgecallError("invalid-argument", "a fleet needs at least one server");
    this.reviveAfterMs = options.reviveAfterMs ?? 30_000;
    this.now = options.now ?? Date.now;
    this.members = members.map((member) => ({
      ...member,
      outstanding: 0,
      downUntil: undefined,
      downForMs: this.reviveAfterMs,
      stats: { url: member.url, requests: 0, succeeded: 0, failed: 0, removed: 0, inRotation: true },
    }));
    this.info = { ...first.backend.info, servers: members.map((member) => member.url) };
    this.capabilities = first.backend.capabilities;
  }

  /**
   * The server in rotation with the fewest outstanding calls, not one already tried for this call;
   * when none is in rotation, the one out of it that is due back first (a last try, not a wait).
   */
  private pick(tried: ReadonlySet<MemberState>): MemberState | undefined {
    const now = this.now();
    let best: MemberState | undefined;
    let dueFirst: MemberState | undefined;
    for (const member of this.members) {
      if (tried.has(member)) continue;
      if (member.downUntil !== undefined && member.downUntil > now) {
        if (dueFirst === undefined || member.downUntil < (dueFirst.downUntil ?? 0)) dueFirst = member;
        continue;
      }
      if (best === undefined || member.outstanding < best.outstanding) best = member;
    }
    return best ?? dueFirst;
  }

  private succeeded(member: MemberState): void {
    member.stats.succeeded += 1;
    if (member.downUntil !== undefined) {
      member.downUntil = undefined;
      member.downForMs = this.reviveAfterMs;
    }
  }

  private stopped(member: MemberState): void {
    member.stats.failed += 1;
    const wasDown = member.downUntil !== undefined;
    member.downUntil = this.now() + member.downForMs;
    if (wasDown) member.downForMs *= 2;
    else member.stats.removed += 1;
  }

  private noServerLeft(last: unknown): EdgecallError {
    const why = last instanceof Error ? last.message : String(last);
    return new EdgecallError(
      "backend-unreachable",
      `no server of the fleet answered (${this.members.length} servers; the last said: ${why})`,
      { subject: this.members.map((member) => member.url).join(","), cause: last },
    );
  }

  /**
   * One call over the fleet: `attempt` on the server {@link pick} chooses, and again on another
   * while servers stop answering before the attempt's first value (a value already passed on cannot
   * be taken back). The counts of each server are kept here, for `generate` and `stream` alike.
   */
  private async *failOver<T>(
    options: GenerateOptions,
    attempt: (member: MemberState) => AsyncIterable<T>,
  ): AsyncGenerator<T> {
    const tried = new Set<MemberState>();
    let last: unknown;
    for (;;) {
      const member = this.pick(tried);
      if (member === undefined) throw this.members.length === 1 ? last : this.noServerLeft(last);
      tried.add(member);
      member.outstanding += 1;
      member.stats.requests += 1;
      let started = false;
      try {
        for await (const value of attempt(member)) {
          started = true;
          yield value;
        }
        this.succeeded(member);
        return;
      } catch (error) {
        if (started || !serverStoppedAnswering(error) || options.signal?.aborted) {
          member.stats.failed += 1;
          throw error;
        }
        this.stopped(member);
        last = error;
      } finally {
        member.outstanding -= 1;
      }
    }
  }

  async generate(request: GenerateRequest, options: GenerateOptions = {}): Promise<GenerateResult> {
    let answer: GenerateResult | undefined;
    // One value per attempt, the server's whole answer; read to the end so the server is counted.
    for await (const result of this.failOver(options, async function* (member) {
      const result = await member.backend.generate(request, options);
      yield { ...result, details: { ...result.details, server: member.url } };
    }))
      answer = result;
    if (answer === undefined)
      throw new EdgecallError("internal", "the fleet's fail-over ended without an answer", {
        subject: this.members.map((member) => member.url).join(","),
      });
    return answer;
  }

  stream(request: GenerateRequest, options: GenerateOptions = {}): AsyncGenerator<StreamEvent> {
    return this.failOver(options, async function* (member): AsyncGenerator<StreamEvent> {
      const events = member.backend.stream
        ? member.backend.stream(request, options)
        : oneEvent(member.backend, request, options);
      for await (const event of events)
        yield event.type === "finish"
          ? {
              type: "finish",
              result: { ...event.result, details: { ...event.result.details, server: member.url } },
            }
          : event;
    });
  }

  report(): BackendReport {
    const now = this.now();
    const servers = this.members.map((member) => ({
      ...member.stats,
      inRotation: member.downUntil === undefined || member.downUntil <= now,
    }));
    const relaxed = new Set<string>();
    for (const member of this.members)
      for (const line of member.backend.report?.().relaxedBounds ?? []) relaxed.add(line);
    return { servers, ...(relaxed.size === 0 ? {} : { relaxedBounds: [...relaxed] }) };
  }

  async close(): Promise<void> {
    await Promise.all(this.members.map((member) => member.backend.close()));
  }
}

async function* oneEvent(
  backend: ModelBackend,
  request: GenerateRequest,
  options: GenerateOptions,
): AsyncGenerator<StreamEvent> {
  yield { type: "finish", result: await backend.generate(request, options) };
}

/** A backend spreading calls over `members` (one backend per server, all serving the same model). */
export function createFleetBackend(
  members: readonly FleetMember[],
  options: FleetOptions = {},
): ModelBackend {
  return new FleetBackend(members, options);
}
