/**
 * The steps of the context probe: each base request asked after N tokens of prior conversation
 * (filler-conversation.ts) placed between the system message and the request, with the request's
 * own tools. Every request of a step shares one filler, so the steps differ only in its length.
 */
import type { ChatMessage } from "../messages.js";
import type { BaseRequest } from "./base-requests.js";
import type { FillerBuilder } from "./filler-conversation.js";
import { contextStepCategory } from "./probe-steps.js";
import type { ProbeStep } from "./probe-suite.js";

/** Builds the steps (token counts ascending). */
export function contextSteps(
  requests: readonly BaseRequest[],
  builder: FillerBuilder,
  counts: readonly number[],
): ProbeStep[] {
  return counts.map((count) => {
    const category = contextStepCategory(count);
    const filler = builder.build(count);
    const samples = requests.map((request) => {
      const [system, ...rest] = request.sample.messages;
      const messages: ChatMessage[] =
        system?.role === "system"
          ? [system, ...filler.messages, ...rest]
          : [...filler.messages, ...request.sample.messages];
      return {
        ...request.sample,
        id: `${request.sample.id}@${category}`,
        suite: "probe:context",
        category,
        messages,
        metadata: {
          baseId: request.sample.id,
          baseCategory: request.sample.category,
          step: count,
          priorTokens: filler.tokens,
          priorTurns: filler.turns,
        },
      };
    });
    return {
      value: count,
      category,
      samples,
      skipped: null,
      facts: { priorTokens: filler.tokens, priorTurns: filler.turns, priorMessages: filler.messages.length },
    };
  });
}
