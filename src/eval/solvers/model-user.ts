/**
 * The LLM user of conversation samples (`--user-model SPEC`): one of the default implementations
 * of the SimulatedUser seam (src/eval/simulated-user.ts; the scripted user is scripted-user.ts).
 * Any model, told who it is and what it wants (the sample's instruction), sees the conversation
 * from its side and writes the next turn, or `DONE`; it is asked confirmations in words and
 * approves when it answers yes.
 */
import type { ModelBackend, SamplingSettings } from "../../backend/model-backend.js";
import { isEdgecallError } from "../../errors.js";
import { type ChatMessage, summariseParts } from "../../messages.js";
import type { SimulatedUser } from "../simulated-user.js";
import type { Sample } from "../suite.js";

/** The word the LLM user writes to end the conversation. */
export const doneWord = "DONE";

function userSystemPrompt(sample: Sample): string {
  return [
    "You are role-playing a person using the personal assistant on their phone. Stay in character.",
    `Who you are and what you want: ${sample.user?.instruction ?? "(no instruction)"}`,
    "Write only what you say to the assistant next: one short message. Answer its questions with what you know;",
    "do not invent facts you were not given. When what you wanted is done, or the assistant says it cannot do it,",
    `reply with exactly ${doneWord}.`,
  ].join("\n");
}

/** The conversation seen from the user's side: their turns as the model's, the assistant's as the other party's. */
function flipped(conversation: readonly ChatMessage[]): ChatMessage[] {
  const flippedMessages: ChatMessage[] = [];
  for (const message of conversation) {
    if (message.role === "user") flippedMessages.push({ role: "assistant", content: message.content });
    else if (message.role === "assistant" && message.content.trim() !== "")
      flippedMessages.push({ role: "user", content: message.content });
  }
  return flippedMessages;
}

/** An LLM user playing `sample`'s user. */
export function modelUser(
  sample: Sample,
  backend: ModelBackend,
  sampling: SamplingSettings,
  maxTokens: number,
): SimulatedUser {
  const ask = async (messages: ChatMessage[], signal: AbortSignal | undefined): Promise<string> => {
    const result = await backend.generate(
      { messages, sampling, maxTokens, sampleId: `${sample.id}#user` },
      { signal },
    );
    return summariseParts(result.parts).content.trim();
  };
  return {
    by: "user-model",
    async next(_reply, conversation, signal) {
      const text = await ask(
        [{ role: "system", content: userSystemPrompt(sample) }, ...flipped(conversation)],
        signal,
      );
      if (text === "" || text.replace(/[^A-Za-z]/g, "").toUpperCase() === doneWord) return undefined;
      return text;
    },
    async confirm(request, _realName, _parameters, signal) {
      try {
        const answer = await ask(
          [
            { role: "system", content: userSystemPrompt(sample) },
            {
              role: "user",
              content: `The assistant asks for your permission: ${request.summary}\nDo you approve? Answer yes or no.`,
            },
          ],
          signal,
        );
        return /^\W*(yes|y|approve|ok|okay|sure)\b/i.test(answer);
      } catch (error) {
        if (isEdgecallError(error, "aborted")) throw error;
        return false;
      }
    },
  };
}
