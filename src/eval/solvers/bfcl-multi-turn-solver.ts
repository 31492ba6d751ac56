/**
 * The `bfcl-multi-turn` solver: BFCL's multi-turn inference loop. Each BFCL turn's user messages
 * are appended (a miss_func turn instead adds the held-back functions and BFCL's "I have updated
 * some more functions" message); within a turn the model may take several steps, each step's
 * calls run in order against the entry's persistent instances and their results go back as tool
 * messages; a reply without a call (or one that does not decode) ends the turn, and more than
 * BFCL's 20 steps in one turn force-quits the entry. Function-calling mode offers the functions
 * as tools; prompt mode documents them in BFCL's system prompt and reads `[f(a=1)]` replies.
 */
import type { GenerateRequest, GenerateResult } from "../../backend/model-backend.js";
import { bfclSystemPrompt } from "../../bfcl/bfcl-prompt.js";
import { parseJsonToPy } from "../../bfcl/multi-turn/fast-json.js";
import { addedFunctionsPromptFc, offeredFunctions } from "../../bfcl/multi-turn/multi-turn-functions.js";
import { MultiTurnSession } from "../../bfcl/multi-turn/multi-turn-session.js";
import { decodeStep, maximumStepLimit, type StepReply } from "../../bfcl/multi-turn/multi-turn-steps.js";
import { entryOfTarget, isMultiTurnTarget } from "../../bfcl/multi-turn/multi-turn-target.js";
import { pyReprOf } from "../../bfcl/multi-turn/py-render.js";
import { bfclToolDefinitions } from "../../bfcl/tool-schema.js";
import { EdgecallError } from "../../errors.js";
import type { ChatMessage, ToolCall } from "../../messages.js";
import { harnessError } from "../harness-error.js";
import { requestFields } from "../request-settings.js";
import { AbortedSample, type Solver } from "../solver.js";
import type { Transcript } from "../suite.js";
import type { Trajectory, TrajectoryCall } from "../trajectory.js";

/** A reply as a step. */
export function stepReply(result: GenerateResult): StepReply {
  const calls: ToolCall[] = [];
  let text = "";
  for (const part of result.parts) {
    if (part.type === "tool-call") calls.push(part.toolCall);
    else if (part.type === "text") text += part.text;
  }
  return { calls, text: calls.length === 0 && text === "" ? result.rawText : text, rawText: result.rawText };
}

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
        let count = 0;
        for (;;) {
          const request: GenerateRequest = {
            messages: [...messages],
            ...requestFields(context.settings, sample.id, context.repeat),
          };
          if (tools.length > 0) request.tools = tools;
          if (turn === 0 && count === 0) transcript.request = request;
          const result = await context.backend.generate(request, { signal: context.signal });
          const reply = stepReply(result);
          messages.push(
            target.mode === "fc"
              ? {
                  role: "assistant",
                  content: reply.text,
                  ...(reply.calls.length > 0 ? { toolCalls: [...reply.calls] as ToolCall[] } : {}),
                }
              : { role: "assistant", content: result.rawText },
          );
          const calls = decodeStep(reply, target.mode);
          const asCalls: TrajectoryCall[] = (calls ?? []).map((text, index) => ({
            name: reply.calls[index]?.name ?? text.slice(0, Math.max(0, text.indexOf("("))),
            arguments: { call: text },
          }));
          events.push({
            type: "model",
            turn,
            step: count,
            rawText: result.rawText,
            content: reply.text,
            calls: asCalls,
            parseErrors: [],
            cached: false,
            finishReason: result.finishReason,
            usage: result.usage,
            timing: result.timing,
          });
          trajectory.steps += 1;
          if (calls === undefined || calls.length === 0) break;
          const results = session.execute(calls);
          results.forEach((output, index) => {
            events.push({
              type: "tool",
              turn,
              step: count,
              call: asCalls[index] as TrajectoryCall,
              decisions: [],
              outcome: { ok: true, output },
            });
          });
          trajectory.toolCalls += results.length;
          results.forEach((content, index) => {
            const call = reply.calls[index] as ToolCall | undefined;
            messages.push({
              role: "tool",
              content,
              ...(call?.id === undefined ? {} : { toolCallId: call.id }),
              name: call?.name ?? (calls[index] as string),
            });
          });
          count += 1;
          if (count > maximumStepLimit) {
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
