/**
 * `POST /v1/chat/completions`: one model call per request behind the admission gate
 * (gated-route.ts). Answered whole, or streamed in the streaming wire shape (an opening chunk at
 * once, keep-alive comments while the model works, text and reasoning token by token as the
 * format's incremental parser finds them certain, calls once parsed, `data: [DONE]` last). Stop
 * sequences a backend cannot honour are refused rather than ignored.
 */
import { randomUUID } from "node:crypto";
import type { Context } from "hono";
import type { ModelBackend } from "../backend/model-backend.js";
import type { AdmissionGate } from "./admission-gate.js";
import { type ChatCompletionPlan, readChatCompletionRequest } from "./chat-completion-request.js";
import {
  completionBody,
  deltaChunk,
  openingChunk,
  type ResponseContext,
  replyTailChunks,
} from "./chat-completion-response.js";
import { gatedRoute } from "./gated-route.js";
import { harnessError } from "./http-errors.js";
import { InvalidChatRequest } from "./invalid-request.js";
import { streamReply } from "./reply-stream.js";
import { type ResponseFormatChecker, replyExtension } from "./response-format.js";

/** What the route shares with the rest of the server. */
export interface ChatCompletionsRouteOptions {
  backend: ModelBackend;
  modelName: string;
  gate: AdmissionGate;
  keepAliveMs: number;
  checker: ResponseFormatChecker;
  constrained: boolean;
}

/** The Hono handler of `POST /v1/chat/completions`. */
export function createChatCompletionsHandler(
  options: ChatCompletionsRouteOptions,
): (c: Context) => Promise<Response> {
  const { backend, checker, keepAliveMs } = options;
  const randomWeights = backend.info.randomWeights === true;
  return gatedRoute<ChatCompletionPlan>({
    gate: options.gate,
    read(document) {
      const plan = readChatCompletionRequest(document, { constrained: options.constrained });
      if ((plan.request.stop?.length ?? 0) > 0 && backend.capabilities?.stopSequences !== true) {
        throw new InvalidChatRequest(
          `stop: the ${backend.info.backend} backend does not honour stop sequences, so they are refused rather than ignored`,
          "stop",
        );
      }
      return plan;
    },
    answer(plan, call) {
      const context: ResponseContext = {
        id: `chatcmpl-${randomUUID()}`,
        created: Math.floor(Date.now() / 1000),
        model: plan.model ?? options.modelName,
        singleCall: plan.singleCall,
        randomWeights,
      };
      if (!plan.stream) {
        return call.json(async () => {
          const result = await backend.generate(plan.request, { signal: call.signal });
          context.extension = replyExtension(checker, plan.request, result);
          return completionBody(result, context);
        });
      }
      return call.events(keepAliveMs, (write) => {
        const send = (data: unknown) => write(`data: ${JSON.stringify(data)}\n\n`);
        return {
          open: () => send(openingChunk(context)),
          async run() {
            for await (const event of streamReply(backend, plan.request, call.signal)) {
              if (event.type === "delta") {
                send(deltaChunk(context, event.delta.kind, event.delta.text));
                continue;
              }
              context.extension = replyExtension(checker, plan.request, event.result, event.diverged);
              for (const chunk of replyTailChunks(event.result, context, plan.includeUsage)) send(chunk);
            }
          },
          fail: (error) => send(harnessError(error).body),
          closing: "data: [DONE]\n\n",
        };
      });
    },
  });
}
