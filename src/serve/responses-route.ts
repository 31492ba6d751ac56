/**
 * `POST /v1/responses`: the Responses API on the same backend, admission gate and error shapes as
 * chat completions. Streamed replies are server-sent events named by their `type` (text token by
 * token through the format's incremental parser, calls once parsed); answered responses are kept
 * (bounded, item-store.ts) for `previous_response_id` and `item_reference`.
 */
import { randomUUID } from "node:crypto";
import type { Context } from "hono";
import type { ModelBackend } from "../backend/model-backend.js";
import type { AdmissionGate } from "./admission-gate.js";
import { gatedRoute } from "./gated-route.js";
import { harnessError } from "./http-errors.js";
import { ItemStore } from "./item-store.js";
import { streamReply } from "./reply-stream.js";
import { type ResponseFormatChecker, replyExtension } from "./response-format.js";
import { type ResponsesPlan, readResponsesRequest } from "./responses-request.js";
import {
  outputItems,
  type ResponsesContext,
  ResponsesEventWriter,
  responseObject,
} from "./responses-response.js";

/** What the route shares with the rest of the server. */
export interface ResponsesRouteOptions {
  backend: ModelBackend;
  modelName: string;
  gate: AdmissionGate;
  keepAliveMs: number;
  checker: ResponseFormatChecker;
  constrained: boolean;
  /** Responses kept for `previous_response_id`; default a store of {@link storeBytes}. */
  store?: ItemStore;
  /** Bytes of the default store (item-store.ts; default 16 MiB). */
  storeBytes?: number;
}

/** The Hono handler of `POST /v1/responses`. */
export function createResponsesHandler(options: ResponsesRouteOptions): (c: Context) => Promise<Response> {
  const { backend, checker } = options;
  const store =
    options.store ?? new ItemStore(options.storeBytes === undefined ? {} : { maxBytes: options.storeBytes });
  return gatedRoute<ResponsesPlan>({
    gate: options.gate,
    read: (document) => readResponsesRequest(document, store, { constrained: options.constrained }),
    answer(plan, call) {
      const context: ResponsesContext = {
        id: `resp_${randomUUID().replaceAll("-", "")}`,
        createdAt: Math.floor(Date.now() / 1000),
        model: plan.model ?? options.modelName,
        plan,
        randomWeights: backend.info.randomWeights === true,
      };
      if (!plan.stream) {
        return call.json(async () => {
          const result = await backend.generate(plan.request, { signal: call.signal });
          const output = outputItems(result, plan.echo.parallelToolCalls);
          store.remember(context.id, plan.items, output);
          return responseObject(context, output, result, replyExtension(checker, plan.request, result));
        });
      }
      return call.events(options.keepAliveMs, (write) => {
        const writer = new ResponsesEventWriter(context, (event) =>
          write(`event: ${String(event.type)}\ndata: ${JSON.stringify(event)}\n\n`),
        );
        return {
          open: () => writer.start(),
          async run() {
            for await (const event of streamReply(backend, plan.request, call.signal)) {
              if (event.type === "delta") {
                if (event.delta.kind === "content") writer.text(event.delta.text);
                else writer.reasoning(event.delta.text);
                continue;
              }
              const extension = replyExtension(checker, plan.request, event.result, event.diverged);
              store.remember(context.id, plan.items, writer.finish(event.result, extension));
            }
          },
          fail: (error) => writer.fail(harnessError(error).body.error),
        };
      });
    },
  });
}
