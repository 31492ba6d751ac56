/**
 * The `bfcl-agentic` solver: a BFCL v4 memory or web-search question, run as BFCL runs it. The
 * system prompt is BFCL's answer-format instruction, after (memory) the backend's instructions
 * with the memory the scenario's prerequisite conversations left; the question is one turn of
 * BFCL's loop over one instance (the memory backend loaded from that memory, or the web search
 * API over the offline corpus, with or without snippets). Function-calling or prompt mode.
 *
 * A memory question whose scenario's prerequisite conversations did not all finish (a harness
 * error in one: a prompt past the context, a backend failure) is not asked: it ends in the harness
 * error `memory-prerequisite-failed`, naming the conversations, so the summary counts it beside
 * accuracy instead of scoring the model against a memory it was never given the chance to write.
 * (BFCL asks it anyway, over the memory the conversations before the failure left.)
 */
import { offlineWebSearchSource } from "../assistant/offline-web-search.js";
import { memoryBackendOf } from "../bfcl/agentic/agentic-categories.js";
import { agenticAnswerFormatPrompt, memoryInstruction } from "../bfcl/agentic/agentic-prompts.js";
import { isAgenticTarget } from "../bfcl/agentic/agentic-target.js";
import { createMemoryInstance } from "../bfcl/agentic/memory-backend.js";
import { WebSearchApi } from "../bfcl/agentic/web-search-api.js";
import { withBfclSystemPrompt } from "../bfcl/bfcl-prompt.js";
import type { MultiTurnApi } from "../bfcl/multi-turn/api-class.js";
import { executeCalls, instanceName, instanceSet } from "../bfcl/multi-turn/execute-calls.js";
import { classFunctionDocs } from "../bfcl/multi-turn/multi-turn-functions.js";
import { maximumStepLimit } from "../bfcl/multi-turn/multi-turn-steps.js";
import { bfclToolDefinitions } from "../bfcl/tool-schema.js";
import { EdgecallError } from "../errors.js";
import { harnessError } from "../eval/harness-error.js";
import { requestFields } from "../eval/request-settings.js";
import { AbortedSample, type Solver } from "../eval/solver.js";
import type { Transcript } from "../eval/suite.js";
import type { Trajectory } from "../eval/trajectory.js";
import type { ChatMessage } from "../messages.js";
import { type PrerequisiteOutcome, prerequisiteMemory } from "./bfcl-memory-prerequisites.js";
import { runBfclTurn } from "./bfcl-turn-steps.js";

/** The harness error's message: how many conversations failed, and the first few with why. */
function prerequisiteFailure(failed: PrerequisiteOutcome["failed"], conversations: number): string {
  const named = failed.slice(0, 3).map((entry) => `${entry.id} (${entry.error})`);
  const more = failed.length > named.length ? `, +${failed.length - named.length} more` : "";
  return `${failed.length} of ${conversations} prerequisite conversations failed, so the memory this question reads is incomplete: ${named.join(", ")}${more}`;
}

/** The agentic solver. */
export const bfclAgenticSolver: Solver = {
  name: "bfcl-agentic",
  async solve(sample, context) {
    const target = sample.target;
    const transcript: Transcript = {
      request: { messages: sample.messages, ...requestFields(context.settings, sample.id, context.repeat) },
      turns: context.backend.turns,
    };
    const trajectory: Trajectory = {
      events: [],
      userTurns: 1,
      steps: 0,
      toolCalls: 0,
      confirmationsAsked: 0,
      stopReason: "final",
    };
    transcript.trajectory = trajectory;
    try {
      if (!isAgenticTarget(target))
        throw new EdgecallError("invalid-argument", `${sample.id}: not a BFCL agentic sample`);
      const backendName = memoryBackendOf(target.category);
      let instance: MultiTurnApi;
      let system: string;
      if (backendName !== undefined) {
        if (target.scenario === undefined)
          throw new EdgecallError("invalid-argument", `${sample.id}: a memory sample without a scenario`);
        const before = context.backend.turns.length;
        const prerequisite = await prerequisiteMemory(context.backend.info, {
          backend: context.backend,
          settings: context.settings,
          repeat: context.repeat,
          ...(context.signal === undefined ? {} : { signal: context.signal }),
          bfclDir: target.bfclDir,
          category: target.category,
          scenario: target.scenario,
          mode: target.mode,
        });
        context.backend.turns.splice(before);
        const memory = createMemoryInstance(backendName, prerequisite.snapshot);
        instance = memory;
        system = `${memoryInstruction(backendName, target.scenario, memory.coreMemoryForContext())}\n\n${agenticAnswerFormatPrompt}`;
        transcript.solverDetails = {
          prerequisite: {
            conversations: prerequisite.conversations,
            modelCalls: prerequisite.modelCalls,
            toolCalls: prerequisite.toolCalls,
            forceQuits: prerequisite.forceQuits,
            memoryCharacters: prerequisite.memoryCharacters,
            failed: prerequisite.failed,
          },
        };
        if (prerequisite.failed.length > 0) {
          transcript.error = {
            code: "memory-prerequisite-failed",
            message: prerequisiteFailure(prerequisite.failed, prerequisite.conversations),
          };
          trajectory.stopReason = "error";
          return transcript;
        }
      } else {
        const source = offlineWebSearchSource();
        instance = new WebSearchApi(source, target.category === "web_search_base");
        system = agenticAnswerFormatPrompt;
        transcript.solverDetails = { searchSource: source.label };
      }
      const className = instance.className;
      const docs = classFunctionDocs(target.bfclDir, className);
      const instances = instanceSet([[instanceName("edgecall", sample.id, className), instance]]);
      const question = sample.messages.filter((message) => message.role !== "system");
      let messages: ChatMessage[] = [
        { role: "system", content: system },
        ...question.map((message) => ({ ...message })),
      ];
      if (target.mode === "prompt")
        messages = withBfclSystemPrompt(
          messages,
          bfclToolDefinitions(docs, { category: "multiple", fcNames: false }),
        );
      for (const message of question)
        if (message.role === "user")
          trajectory.events.push({ type: "user", turn: 0, text: message.content, by: "script" });
      const outcome = await runBfclTurn({
        backend: context.backend,
        requestFields: requestFields(context.settings, sample.id, context.repeat),
        ...(context.signal === undefined ? {} : { signal: context.signal }),
        mode: target.mode,
        tools: target.mode === "fc" ? bfclToolDefinitions(docs, { category: "multiple" }) : [],
        messages,
        execute: (calls) => executeCalls(calls, instances),
        events: trajectory.events,
        turn: 0,
        onFirstRequest: (request) => {
          transcript.request = request;
        },
      });
      trajectory.steps = outcome.steps;
      trajectory.toolCalls = outcome.toolCalls;
      if (outcome.forceQuit) {
        trajectory.stopReason = "max-steps";
        trajectory.events.push({
          type: "end",
          turn: 0,
          stopReason: "max-steps",
          reason: `forced to quit after ${maximumStepLimit} steps`,
        });
      } else trajectory.events.push({ type: "end", turn: 0, stopReason: "final", reason: "answered" });
    } catch (error) {
      if (context.signal?.aborted) throw new AbortedSample();
      transcript.error = harnessError(error);
      trajectory.stopReason = "error";
    }
    return transcript;
  },
};
