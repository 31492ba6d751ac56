/**
 * The simulated users of policy tasks (tau2-bench's user simulator is the anchor).
 * - Scripted (default; deterministic, no second model): answers the agent from the task's facts
 *   (rules matched against the agent's reply), acts on its own phone when told to (dual control:
 *   it runs its own tools and reports what it sees), says yes or no when asked to confirm as the
 *   task says, pushes against the policy when refused, then ends with `###STOP###`.
 * - LLM (`--user-model SPEC`): any model, given tau2's simulation guidelines, the task's
 *   instruction, and its own tools when the domain has them; it ends with `###STOP###`,
 *   `###TRANSFER###` or `###OUT-OF-SCOPE###`. One that never stops ends at the turn limit.
 */
import type { ModelBackend, SamplingSettings } from "../../backend/model-backend.js";
import type { SimulatedUser } from "../../eval/simulated-user.js";
import type { UserToolCall } from "../../eval/trajectory.js";
import { createGuardedExecutor } from "../../guards/guarded-executor.js";
import { type ChatMessage, summariseParts } from "../../messages.js";
import type { ToolRegistry } from "../../tools/tool-registry.js";
import type { PolicyTask } from "./policy-task.js";

/** The scripted user's last line. */
export const scriptedStop = "Thank you, that's all I needed. ###STOP###";
/** What the scripted user says to a request for confirmation, by the task's `confirms`. */
export const confirmYes = "Yes, please go ahead.";
export const confirmNo = "No, please don't do that.";

/** A reply that asks the user to confirm an action. */
const confirmPattern =
  /\b(confirm|proceed|go ahead|shall i|should i|would you like me to|do you want me to)\b[^?]*\?|\(yes\/no\)/i;
/** A reply that refuses the request. */
const refusalPattern =
  /\b(cannot|can't|can not|unable|not able|not eligible|not allowed|not possible|not permitted|against (our|the) policy|won't be able|sorry)\b/i;

/** Most confirmations the scripted user answers (then it stops). */
const confirmLimit = 4;

function outputText(output: unknown): string {
  return typeof output === "string" ? output : JSON.stringify(output);
}

/** Runs the user's own calls through schema validation and the tools' preconditions. */
function userExecutor(registry: ToolRegistry) {
  const executor = createGuardedExecutor({ registry, policy: "approve" });
  return async (name: string, args: Record<string, unknown>): Promise<UserToolCall> => {
    const outcome = await executor.execute({ name, arguments: args });
    return {
      name,
      arguments: args,
      outcome: outcome.ok
        ? { ok: true, output: outcome.output }
        : { ok: false, error: { type: outcome.error.type, message: outcome.error.message } },
    };
  };
}

function resultText(call: UserToolCall | undefined): string {
  if (call === undefined) return "";
  return call.outcome.ok ? outputText(call.outcome.output) : `error: ${call.outcome.error.message}`;
}

/** The scripted user of `task`, acting on `userTools`. */
export function scriptedPolicyUser(task: PolicyTask, userTools: ToolRegistry): SimulatedUser {
  const run = userExecutor(userTools);
  const fired = new Set<number>();
  const pushes = [...task.user.pushes];
  const followUps = [...task.user.followUps];
  let confirmations = 0;
  let calls: UserToolCall[] = [];
  return {
    by: "script",
    async next(reply) {
      for (const [index, rule] of task.user.rules.entries()) {
        if (rule.do !== undefined && fired.has(index)) continue;
        if (!new RegExp(rule.when, "iu").test(reply)) continue;
        if (rule.do === undefined) return rule.say;
        if (rule.repeat !== true) fired.add(index);
        const made: UserToolCall[] = [];
        for (const call of rule.do) made.push(await run(call.name, call.arguments));
        calls = [...calls, ...made];
        return rule.say.replaceAll("{result}", resultText(made.at(-1)));
      }
      if (confirmPattern.test(reply) && confirmations < confirmLimit) {
        confirmations += 1;
        return task.user.confirms ? confirmYes : confirmNo;
      }
      if (refusalPattern.test(reply)) {
        const push = pushes.shift();
        if (push !== undefined) return push;
      }
      const followUp = followUps.shift();
      if (followUp !== undefined) return followUp;
      return scriptedStop;
    },
    async confirm() {
      // Policy tools ask for no guard confirmation; the agent asks the user in words.
      return task.user.confirms;
    },
    takeCalls() {
      const taken = calls;
      calls = [];
      return taken;
    },
  };
}

/** tau2's simulation guidelines, in our words, with the task's instruction. */
export function policyUserPrompt(task: PolicyTask, toolsNote: string | undefined): string {
  return [
    "You are playing a customer who is talking to a customer-service agent. Stay in character: you are the customer, never the agent.",
    "",
    "# Your instruction",
    task.instruction,
    "",
    "# Rules",
    "- Write one short message at a time, as a person would in a chat. Do not give all the information at once; answer what the agent asks.",
    "- Only give information your instruction gives you. Never make up names, ids, numbers or addresses; if you do not know something, say so.",
    "- Follow the behaviour your instruction describes (whether to agree, and whether to insist).",
    "- When your goal is met, or the agent has clearly refused and you have insisted as your instruction says, end with the single token ###STOP###.",
    "- If you are transferred to a human agent, write ###TRANSFER###.",
    "- If your instruction does not tell you how to go on, write ###OUT-OF-SCOPE###.",
    ...(toolsNote === undefined
      ? []
      : [
          "",
          "# Your phone",
          toolsNote,
          "Use your tools when the agent asks you to check or change something on your phone, then tell the agent what you did and what you see.",
        ]),
  ].join("\n");
}

/** The conversation from the user's side: the agent's replies as the other party's, the user's own turns as theirs. */
function fromUserSide(conversation: readonly ChatMessage[]): ChatMessage[] {
  const messages: ChatMessage[] = [];
  for (const message of conversation) {
    if (message.role === "user") messages.push({ role: "assistant", content: message.content });
    else if (message.role === "assistant" && message.content.trim() !== "")
      messages.push({ role: "user", content: message.content });
  }
  return messages;
}

/** Most rounds of the LLM user's own tool calls before it must write its message. */
const userToolRounds = 4;

/** The LLM user of `task`: `backend` plays the customer, with `userTools` on their phone. */
export function modelPolicyUser(
  task: PolicyTask,
  userTools: ToolRegistry,
  toolsNote: string | undefined,
  backend: ModelBackend,
  sampling: SamplingSettings,
  sampleId: string,
): SimulatedUser {
  const run = userExecutor(userTools);
  const definitions = userTools.definitions();
  let calls: UserToolCall[] = [];
  return {
    by: "user-model",
    async next(_reply, conversation, signal) {
      const messages: ChatMessage[] = [
        { role: "system", content: policyUserPrompt(task, definitions.length > 0 ? toolsNote : undefined) },
        ...fromUserSide(conversation),
      ];
      for (let round = 0; ; round += 1) {
        const result = await backend.generate(
          {
            messages,
            ...(definitions.length > 0 && round < userToolRounds ? { tools: definitions } : {}),
            sampling,
            maxTokens: 256,
            sampleId: `${sampleId}#user`,
          },
          { signal },
        );
        const parsed = summariseParts(result.parts);
        if (parsed.toolCalls.length === 0 || round >= userToolRounds) return parsed.content;
        messages.push({ role: "assistant", content: parsed.content, toolCalls: parsed.toolCalls });
        for (const call of parsed.toolCalls) {
          const made = await run(call.name, call.arguments);
          calls.push(made);
          messages.push({
            role: "tool",
            content: resultText(made),
            name: call.name,
            ...(call.id === undefined ? {} : { toolCallId: call.id }),
          });
        }
      }
    },
    async confirm() {
      return true;
    },
    takeCalls() {
      const taken = calls;
      calls = [];
      return taken;
    },
  };
}
