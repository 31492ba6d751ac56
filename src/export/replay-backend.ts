/**
 * The model of a trajectory reward: a backend that answers each model call of one sample with the
 * next assistant turn of the given conversation (as `suite check`'s reference model answers with
 * the next reference output), and with nothing (empty text) once the conversation is used up. The
 * calls made for anything but the sample itself (the simulated user's, sample id `...#user`; BFCL
 * memory's prerequisite conversations, under their own ids) are answered with nothing and never
 * use a turn, as `suite check`'s reference model does.
 *
 * The tool results and user turns the conversation gives are not trusted: the solver's world makes
 * its own. Each call's request holds the conversation as the world made it so far; the given user
 * and tool messages before that assistant turn are compared with it, in order, and each difference
 * becomes a note (a trajectory recorded against another world, or edited).
 */
import type { GenerateRequest, GenerateResult, ModelBackend } from "../backend/model-backend.js";
import type { GivenTurn, Trajectory } from "./trajectory-input.js";

/** Most notes one reward carries. */
const maxNotes = 5;

/** A replaying backend and what it saw. */
export interface ReplayBackend extends ModelBackend {
  /** Assistant turns answered so far. */
  readonly used: () => number;
  /** Model calls asked after the turns ran out. */
  readonly beyond: () => number;
  /** Differences between the given user/tool turns and the world's. */
  readonly notes: string[];
}

function nothing(): GenerateResult {
  return {
    rawText: "",
    parts: [],
    finishReason: "stop",
    usage: { inputTokens: 0, outputTokens: 0 },
    timing: { firstTokenMs: 0, totalMs: 0 },
  };
}

function quoted(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return JSON.stringify(flat.length > 80 ? `${flat.slice(0, 77)}...` : flat);
}

/** The backend replaying `trajectory`. */
export function replayBackend(trajectory: Trajectory): ReplayBackend {
  let used = 0;
  let beyond = 0;
  const notes: string[] = [];
  const compared = new Set<number>();
  const compare = (request: GenerateRequest, position: number): void => {
    // A trajectory of assistant turns only is not compared.
    if (trajectory.given.length === 0) return;
    const world = request.messages.filter((message) => message.role === "user" || message.role === "tool");
    const given = trajectory.given.filter((turn: GivenTurn) => turn.after <= position);
    given.forEach((turn, index) => {
      if (compared.has(index)) return;
      compared.add(index);
      const made = world[index];
      if (made === undefined)
        notes.push(`messages[${turn.index}] (${turn.role}): the world said nothing there`);
      else if (made.role !== turn.role || made.content.trim() !== turn.content.trim())
        notes.push(
          `messages[${turn.index}] (${turn.role}) ${quoted(turn.content)} is not what the world said: ${made.role} ${quoted(made.content)}`,
        );
    });
  };
  return {
    info: { backend: "replay", model: "the given trajectory", format: "json" },
    used: () => used,
    beyond: () => beyond,
    notes,
    async generate(request: GenerateRequest): Promise<GenerateResult> {
      if (request.sampleId !== undefined && request.sampleId !== trajectory.id) return nothing();
      const output = trajectory.outputs[used];
      if (output === undefined) {
        beyond += 1;
        return nothing();
      }
      if (notes.length < maxNotes) compare(request, used);
      used += 1;
      return output;
    },
    async close() {
      // Nothing to free.
    },
  };
}
