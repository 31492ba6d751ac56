/**
 * The `agent` and `conversation` solvers: the agent loop (runAgent) with the guarded executor over
 * a fresh world made from the sample's initial state. The agent solver runs one user request; the
 * conversation solver adds a simulated user who writes the next turn after each assistant reply
 * until it is done or the turn limit is reached. Confirmations go to the run's `--confirm` mode.
 * The world is snapshotted before the first call, after every call that may change it, and at the
 * end, and closed (its files removed) whatever happened. A world that cannot be made, or a backend
 * failure, is this sample's harness error; nothing the model does throws.
 */

import type { AgentStep, AgentTranscript } from "../../agent/agent-transcript.js";
import { runAgent } from "../../agent/run-agent.js";
import type { ConfirmCallback } from "../../guards/confirmation-ledger.js";
import { createGuardedExecutor } from "../../guards/guarded-executor.js";
import { createUnguardedExecutor } from "../../guards/unguarded-executor.js";
import { type ChatMessage, lastUserText } from "../../messages.js";
import { withToolFaults } from "../../tools/tool-faults.js";
import type { Environment, WorldState } from "../environment.js";
import { harnessError } from "../harness-error.js";
import { requestFields } from "../request-settings.js";
import { type SimulatedUser, userStopToken } from "../simulated-user.js";
import { AbortedSample, type SolveContext, type Solver } from "../solver.js";
import type { Sample, Transcript } from "../suite.js";
import type { Trajectory, TrajectoryCall, TrajectoryEvent, UserToolCall } from "../trajectory.js";
import { modelUser } from "./model-user.js";
import { type OfferedTools, offeredTools } from "./offered-tools.js";
import { RecordingExecutor } from "./recording-executor.js";
import { scriptedUser } from "./scripted-user.js";

/** Builds trajectories and world states from the agent's steps as turns go by. */
class TrajectoryRecorder {
  readonly events: TrajectoryEvent[] = [];
  readonly states: WorldState[] = [];
  private executedCalls = 0;
  steps = 0;
  toolCalls = 0;
  confirmationsAsked = 0;

  constructor(
    private readonly realName: (offered: string) => string,
    private readonly cachedFlags: () => boolean[],
  ) {}

  user(turn: number, text: string, by: "script" | "user-model", calls: UserToolCall[] = []): void {
    this.events.push({ type: "user", turn, text, by, ...(calls.length === 0 ? {} : { calls }) });
  }

  agentRun(
    turn: number,
    transcript: AgentTranscript,
    executor: RecordingExecutor,
    confirmedBy: string,
  ): void {
    const cached = this.cachedFlags();
    for (const step of transcript.steps) this.step(turn, step, executor, confirmedBy, cached);
    this.events.push({
      type: "end",
      turn,
      stopReason: transcript.stopReason,
      reason: transcript.error?.message ?? transcript.stuck?.detector ?? transcript.stopReason,
    });
  }

  private call(call: { id?: string; name: string; arguments: Record<string, unknown> }): TrajectoryCall {
    const name = this.realName(call.name);
    return {
      ...(call.id === undefined ? {} : { id: call.id }),
      name,
      ...(name === call.name ? {} : { calledAs: call.name }),
      arguments: call.arguments,
    };
  }

  private step(
    turn: number,
    step: AgentStep,
    executor: RecordingExecutor,
    confirmedBy: string,
    cached: boolean[],
  ): void {
    this.steps += 1;
    this.events.push({
      type: "model",
      turn,
      step: step.step,
      rawText: step.rawText,
      content: step.content,
      calls: step.calls.map((call) => this.call(call)),
      parseErrors: step.parseErrors,
      cached: cached[this.steps - 1] ?? false,
      finishReason: step.finishReason,
      usage: step.usage,
      timing: step.timing,
    });
    for (const result of step.toolResults) {
      const confirmation = result.decisions.find((decision) => decision.guard === "confirmation");
      if (confirmation !== undefined) this.confirmationsAsked += 1;
      const outcome = result.outcome;
      this.events.push({
        type: "tool",
        turn,
        step: step.step,
        call: this.call(result.call),
        decisions: result.decisions,
        ...(outcome === undefined
          ? {}
          : {
              outcome: outcome.ok
                ? { ok: true as const, output: outcome.output }
                : { ok: false as const, error: outcome.error },
            }),
        ...(result.skipped === undefined ? {} : { skipped: result.skipped }),
        ...(confirmation === undefined
          ? {}
          : { confirmation: { approved: confirmation.verdict === "confirmed", by: confirmedBy } }),
      });
      if (outcome === undefined) continue;
      this.toolCalls += 1;
      const state = executor.statesAfterCall.get(this.executedCalls);
      if (state !== undefined) this.states.push({ afterEvent: this.events.length - 1, snapshot: state });
      this.executedCalls += 1;
    }
  }
}

/** Who answers confirmations for this run's `--confirm` mode. */
function confirmation(
  context: SolveContext,
  user: SimulatedUser,
  offered: OfferedTools,
): { confirm?: ConfirmCallback; policy?: "approve" | "deny" | "approve-if-user-asked"; by: string } {
  const mode = context.agent.confirm;
  if (mode !== "user") return { policy: mode, by: `policy:${mode}` };
  return {
    confirm: (request) =>
      user.confirm(
        request,
        offered.realName(request.toolName),
        offered.registry.get(request.toolName)?.definition.parameters,
        context.signal,
      ),
    by: user.by === "script" ? "scripted-user" : "user-model",
  };
}

async function solveWithAgent(sample: Sample, context: SolveContext, talk: boolean): Promise<Transcript> {
  const fields = requestFields(context.settings, sample.id, context.repeat);
  const transcript: Transcript = {
    request: { messages: sample.messages, tools: sample.tools, ...fields },
    turns: context.backend.turns,
  };
  if (context.environment === undefined) {
    transcript.error = {
      code: "invalid-argument",
      message: `sample ${sample.id}: the agent solver needs a world, and its suite makes none`,
    };
    return transcript;
  }
  let environment: Environment;
  try {
    environment = await context.environment(sample);
  } catch (error) {
    transcript.error = harnessError(error);
    return transcript;
  }
  try {
    const offered = offeredTools(sample, environment.registry, context.extraTools);
    const userSampling = { ...context.agent.userSampling, seed: context.settings.seed + context.repeat };
    const user: SimulatedUser =
      context.user !== undefined
        ? context.user(sample, environment, {
            ...(context.agent.userModel === undefined ? {} : { model: context.agent.userModel }),
            sampling: userSampling,
          })
        : context.agent.userModel === undefined
          ? scriptedUser(sample)
          : modelUser(sample, context.agent.userModel, userSampling, 256);
    const confirmBy = confirmation(context, user, offered);
    const userMessages: string[] = [lastUserText(sample.messages)];
    const registry =
      sample.toolFaults === undefined
        ? offered.registry
        : withToolFaults(offered.registry, sample.toolFaults);
    const guarded =
      context.agent.guards === "off"
        ? createUnguardedExecutor(registry)
        : createGuardedExecutor({
            registry,
            ...(confirmBy.confirm === undefined ? {} : { confirm: confirmBy.confirm }),
            ...(confirmBy.policy === undefined ? {} : { policy: confirmBy.policy }),
            userMessages: () => userMessages,
          });
    const executor = new RecordingExecutor(
      guarded,
      environment,
      (name) => offered.registry.get(name)?.sideEffect === "read",
    );
    const recorder = new TrajectoryRecorder(offered.realName, () =>
      context.backend.turns.map((turn) => turn.cached),
    );
    recorder.states.push({ afterEvent: -1, snapshot: environment.snapshot() });
    let messages: ChatMessage[] = [...sample.messages];
    let stopReason: Trajectory["stopReason"] = "final";
    let tokensLeft = context.agent.tokenBudget;
    let userStop: string | undefined;
    recorder.user(1, userMessages[0] ?? "", "script");
    for (let turn = 1; ; turn += 1) {
      const run = await runAgent({
        backend: context.backend,
        messages,
        executor,
        maxSteps: Math.max(sample.maxSteps ?? 0, context.agent.maxSteps),
        ...(tokensLeft === undefined ? {} : { tokenBudget: tokensLeft }),
        ...(context.signal === undefined ? {} : { signal: context.signal }),
        generateOptions: fields,
      });
      recorder.agentRun(turn, run, executor, confirmBy.by);
      messages = run.messages;
      stopReason = run.stopReason;
      if (tokensLeft !== undefined)
        tokensLeft = Math.max(0, tokensLeft - run.totals.inputTokens - run.totals.outputTokens);
      if (run.stopReason === "aborted" && context.signal?.aborted) throw new AbortedSample();
      if (run.stopReason === "error") {
        transcript.error = run.error ?? { code: "internal", message: "the agent loop failed" };
        break;
      }
      if (!talk || run.stopReason !== "final") break;
      if (turn >= (sample.user?.maxTurns ?? context.agent.maxUserTurns)) {
        stopReason = "turn-limit";
        break;
      }
      const next = await user.next(run.finalText, messages, context.signal);
      const userCalls = user.takeCalls?.() ?? [];
      if (next !== undefined || userCalls.length > 0) {
        recorder.user(turn + 1, next ?? "", user.by, userCalls);
        // The user's own calls (dual control) may have changed the world.
        if (userCalls.some((call) => call.outcome.ok))
          recorder.states.push({ afterEvent: recorder.events.length - 1, snapshot: environment.snapshot() });
      }
      userStop = next === undefined ? undefined : userStopToken(next);
      if (next === undefined || userStop !== undefined) {
        stopReason = "user-done";
        break;
      }
      messages = [...messages, { role: "user", content: next }];
      userMessages.push(next);
      guarded.noteUserMessage(next);
    }
    const final = environment.snapshot();
    recorder.states.push({ afterEvent: recorder.events.length - 1, snapshot: final });
    transcript.trajectory = {
      events: recorder.events,
      userTurns: recorder.events.filter((event) => event.type === "user").length,
      steps: recorder.steps,
      toolCalls: recorder.toolCalls,
      confirmationsAsked: recorder.confirmationsAsked,
      stopReason,
      ...(userStop === undefined ? {} : { userStop }),
    };
    transcript.world = { states: recorder.states, finalHash: environment.hash(final) };
    // runAgent got no loop settings: its detector checked every output as the runner would.
    transcript.repetitionChecked = true;
  } catch (error) {
    if (error instanceof AbortedSample || context.signal?.aborted) throw new AbortedSample();
    transcript.error = harnessError(error);
  } finally {
    environment.close();
  }
  return transcript;
}

function agentLikeSolver(name: "agent" | "conversation", talk: boolean): Solver {
  return { name, solve: (sample, context) => solveWithAgent(sample, context, talk) };
}

/** The agent solver: one request, the agent loop over a fresh world. */
export const agentSolver: Solver = agentLikeSolver("agent", false);
/** The conversation solver: the agent plus a simulated user. */
export const conversationSolver: Solver = agentLikeSolver("conversation", true);
