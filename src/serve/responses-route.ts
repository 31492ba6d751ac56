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
import { errorBody, harnessError } from "./http-errors.js";
import { InvalidChatRequest } from "./invalid-request.js";
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
  const { backend, gate, checker } = options;
  const store =
    options.store ?? new ItemStore(options.storeBytes === undefined ? {} : { maxBytes: options.storeBytes });
  return async (c: Context) => {
    let document: unknown;
    try {
      document = JSON.parse(await c.req.text());
    } catch (error) {
      return c.json(
        errorBody(`the request body is not valid JSON: ${(error as Error).message}`, "invalid_request_error"),
        400,
      );
    }
    let plan: ResponsesPlan;
    try {
      plan = readResponsesRequest(document, store, { constrained: options.constrained });
    } catch (error) {
      if (error instanceof InvalidChatRequest)
        return c.json(errorBody(error.message, "invalid_request_error", error.param), 400);
      throw error;
    }
    const context: ResponsesContext = {
      id: `resp_${randomUUID().replaceAll("-", "")}`,
      createdAt: Math.floor(Date.now() / 1000),
      model: plan.model ?? options.modelName,
      plan,
      randomWeights: backend.info.randomWeights === true,
    };
    const ticket = gate.enter();
    if (ticket === undefined) {
      c.header("Retry-After", String(gate.retryAfterSeconds()));
      return c.json(
        errorBody(
          `the server is busy: ${gate.inFlight} requests are generating or waiting (the limit, --max-pending); retry later`,
          "server_error",
          null,
          "server_busy",
        ),
        503,
      );
    }
    const controller = new AbortController();
    const clientSignal = c.req.raw.signal;
    if (clientSignal.aborted) controller.abort();
    else clientSignal.addEventListener("abort", () => controller.abort(), { once: true });

    if (!plan.stream) {
      try {
        const result = await backend.generate(plan.request, { signal: controller.signal });
        const output = outputItems(result, plan.echo.parallelToolCalls);
        store.remember(context.id, plan.items, output);
        return c.json(responseObject(context, output, result, replyExtension(checker, plan.request, result)));
      } catch (error) {
        const { status, body } = harnessError(error);
        return c.json(body, status);
      } finally {
        ticket.release();
      }
    }
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      async start(stream) {
        const write = (text: string) => {
          if (!controller.signal.aborted) stream.enqueue(encoder.encode(text));
        };
        const writer = new ResponsesEventWriter(context, (event) =>
          write(`event: ${String(event.type)}\ndata: ${JSON.stringify(event)}\n\n`),
        );
        writer.start();
        const keepAlive = setInterval(() => write(": keep-alive\n\n"), options.keepAliveMs);
        try {
          for await (const event of streamReply(backend, plan.request, controller.signal)) {
            if (event.type === "delta") {
              if (event.delta.kind === "content") writer.text(event.delta.text);
              else writer.reasoning(event.delta.text);
              continue;
            }
            const extension = replyExtension(checker, plan.request, event.result, event.diverged);
            store.remember(context.id, plan.items, writer.finish(event.result, extension));
          }
        } catch (error) {
          if (!controller.signal.aborted) writer.fail(harnessError(error).body.error);
        } finally {
          ticket.release();
          clearInterval(keepAlive);
        }
        if (!controller.signal.aborted) stream.close();
      },
      cancel() {
        controller.abort();
      },
    });
    return new Response(body, {
      headers: { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" },
    });
  };
}
