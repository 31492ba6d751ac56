/**
 * The `bfcl-multi-turn` solver: BFCL's multi-turn inference loop. Each BFCL turn's user messages
 * are appended (a miss_func turn instead adds the held-back functions and BFCL's "I have updated
 * some more functions" message); within a turn the model may take several steps, each step's
 * calls run in order against the entry's persistent instances and their results go back as tool
 * messages; a reply without a call (or one that does not decode) ends the turn, and more than
 * BFCL's 20 steps in one turn force-quits the entry. Function-calling mode offers the functions
 * as tools; prompt mode documents them in BFCL's system prompt and reads `[f(a=1)]` replies.
 */
import type { GenerateRequest } from "../backend/model-backend.js";
import { bfclSystemPrompt } from "../bfcl/bfcl-prompt.js";
import { parseJsonToPy } from "../bfcl/multi-turn/fast-json.js";
import { addedFunctionsPromptFc, offeredFunctions } from "../bfcl/multi-turn/multi-turn-functions.js";
import { MultiTurnSession } from "../bfcl/multi-turn/multi-turn-session.js";
import { maximumStepLimit } from "../bfcl/multi-turn/multi-turn-steps.js";
import { entryOfTarget, isMultiTurnTarget } from "../bfcl/multi-turn/multi-turn-target.js";
import { pyReprOf } from "../bfcl/multi-turn/py-render.js";
import { bfclToolDefinitions } from "../bfcl/tool-schema.js";
import { EdgecallError } from "../errors.js";
import { harnessError } from "../eval/harness-error.js";
import { requestFields } from "../eval/request-settings.js";
import { AbortedSample, type Solver } from "../eval/solver.js";
import type { Transcript } from "../eval/suite.js";
import type { Trajectory } from "../eval/trajectory.js";
import type { ChatMessage } from "../messages.js";
import { runBfclTurn } from "./bfcl-turn-steps.js";

/** The multi-turn solver. */
export const bfclMultiTurnSolver: Solver = {
  name: "bfcl-multi-turn",
  async solve(sample, context) {
    const target = sample.target;
    const first: GenerateRequest = {
      messages: sample.messages,
      ...requestFields(context.settings, sample.id, context.repeat),
    };
    const transcript: Transcript = { request: first, turns: context.backend.turns };
    const trajectory: Trajectory = {
      events: [],
      userTurns: 0,
      steps: 0,
      toolCalls: 0,
      confirmationsAsked: 0,
      stopReason: "final",
    };
    transcript.trajectory = trajectory;
    const events = trajectory.events;
    try {
      if (!isMultiTurnTarget(target))
        throw new EdgecallError("invalid-argument", `${sample.id}: not a BFCL multi-turn sample`);
      const entry = entryOfTarget(target);
      if (entry === undefined)
        throw new EdgecallError("invalid-argument", `${sample.id}: not in ${target.bfclDir}`);
      const offered = offeredFunctions(target.bfclDir, entry);
      let docs = [...offered.initial];
      const session = new MultiTurnSession(entry);
      const messages: ChatMessage[] =
        target.mode === "prompt"
          ? [
              {
                role: "system",
                content: bfclSystemPrompt(
                  bfclToolDefinitions(docs, { category: "multiple", fcNames: false }),
                ),
              },
            ]
          : [];
      for (let turn = 0; turn < entry.question.length; turn += 1) {
        const added = offered.heldBack[turn];
        if (added !== undefined) {
          docs = [...docs, ...added];
          const text =
            target.mode === "fc"
              ? addedFunctionsPromptFc
              : `${pyReprOf(parseJsonToPy(JSON.stringify(added)))}\n${addedFunctionsPromptFc}`;
          messages.push({ role: "user", content: text });
          events.push({ type: "user", turn, text, by: "script" });
        } else {
          for (const message of entry.question[turn] as ChatMessage[]) {
            messages.push({ ...message });
            if (message.role === "user")
              events.push({ type: "user", turn, text: message.content, by: "script" });
          }
        }
        trajectory.userTurns = turn + 1;
        const tools = target.mode === "fc" ? bfclToolDefinitions(docs, { category: "multiple" }) : [];
        const outcome = await runBfclTurn({
          backend: context.backend,
          requestFields: requestFields(context.settings, sample.id, context.repeat),
          ...(context.signal === undefined ? {} : { signal: context.signal }),
          mode: target.mode,
          tools,
          messages,
          execute: (calls) => session.execute(calls),
          events,
          turn,
          onFirstRequest: (request) => {
            if (turn === 0) transcript.request = request;
          },
        });
        trajectory.steps += outcome.steps;
        trajectory.toolCalls += outcome.toolCalls;
        if (outcome.forceQuit) {
          trajectory.stopReason = "max-steps";
          events.push({
            type: "end",
            turn,
            stopReason: "max-steps",
            reason: `forced to quit after ${maximumStepLimit} steps`,
          });
          return transcript;
        }
      }
      events.push({
        type: "end",
        turn: Math.max(0, trajectory.userTurns - 1),
        stopReason: "final",
        reason: "every turn answered",
      });
    } catch (error) {
      if (context.signal?.aborted) throw new AbortedSample();
      transcript.error = harnessError(error);
      trajectory.stopReason = "error";
    }
    return transcript;
  },
};
