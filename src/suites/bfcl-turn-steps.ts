/**
 * One BFCL turn as BFCL's inference loop runs it, shared by the multi-turn and agentic solvers:
 * the model is asked, its reply's calls are decoded (function-calling or prompt mode) and run in
 * order against the entry's instances, their results go back as tool messages, and it is asked
 * again, until a reply has no call (or does not decode) or more than BFCL's 20 steps with calls
 * force-quit the entry.
 */
import type { GenerateRequest, GenerateResult, ModelBackend } from "../backend/model-backend.js";
import { decodeStep, maximumStepLimit, type StepReply } from "../bfcl/multi-turn/multi-turn-steps.js";
import type { TrajectoryCall, TrajectoryEvent } from "../eval/trajectory.js";
import type { ChatMessage, ToolCall, ToolDefinition } from "../messages.js";

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

/** What one turn needs. */
export interface BfclTurnInput {
  backend: ModelBackend;
  /** The request fields of every call (sampling, seed, ...). */
  requestFields: Omit<GenerateRequest, "messages" | "tools">;
  signal?: AbortSignal;
  mode: "fc" | "prompt";
  /** Offered tools (function-calling mode; empty in prompt mode). */
  tools: readonly ToolDefinition[];
  /** The conversation so far; the turn's replies and results are appended. */
  messages: ChatMessage[];
  /** Runs one step's decoded calls; one result text per call. */
  execute(calls: readonly string[]): string[];
  /** Where events go (undefined: not recorded). */
  events?: TrajectoryEvent[];
  turn: number;
  /** Called with the turn's first request. */
  onFirstRequest?(request: GenerateRequest): void;
}

/** How a turn ended. */
export interface BfclTurnOutcome {
  /** Model calls made. */
  steps: number;
  /** Calls executed. */
  toolCalls: number;
  /** True when the step limit force-quit the entry. */
  forceQuit: boolean;
  /** The reply that ended the turn (no call, or not decodable); undefined on force-quit. */
  finalReply?: StepReply;
}

/** Runs one turn. */
export async function runBfclTurn(input: BfclTurnInput): Promise<BfclTurnOutcome> {
  const { messages, events, turn, mode } = input;
  let count = 0;
  let steps = 0;
  let toolCalls = 0;
  for (;;) {
    const request: GenerateRequest = { messages: [...messages], ...input.requestFields };
    if (input.tools.length > 0) request.tools = [...input.tools];
    if (count === 0) input.onFirstRequest?.(request);
    const result = await input.backend.generate(request, { signal: input.signal });
    steps += 1;
    const reply = stepReply(result);
    messages.push(
      mode === "fc"
        ? {
            role: "assistant",
            content: reply.text,
            ...(reply.calls.length > 0 ? { toolCalls: [...reply.calls] as ToolCall[] } : {}),
          }
        : { role: "assistant", content: result.rawText },
    );
    const calls = decodeStep(reply, mode);
    const asCalls: TrajectoryCall[] = (calls ?? []).map((text, index) => ({
      name: reply.calls[index]?.name ?? text.slice(0, Math.max(0, text.indexOf("("))),
      arguments: { call: text },
    }));
    events?.push({
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
    if (calls === undefined || calls.length === 0)
      return { steps, toolCalls, forceQuit: false, finalReply: reply };
    const results = input.execute(calls);
    results.forEach((output, index) => {
      events?.push({
        type: "tool",
        turn,
        step: count,
        call: asCalls[index] as TrajectoryCall,
        decisions: [],
        outcome: { ok: true, output },
      });
    });
    toolCalls += results.length;
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
    if (count > maximumStepLimit) return { steps, toolCalls, forceQuit: true };
  }
}
