/**
 * The wiring both model routes of `serve` (chat completions, responses) share around their model
 * call: the JSON body read (400 when it is not JSON), the body read into the route's plan (400
 * naming the field at fault), a place at the admission gate (503 with Retry-After when the line is
 * full), and a model call bound to the client's connection (a disconnect aborts it) that gives its
 * place back when it ends, answered whole or as server-sent events with keep-alive comments.
 */
import type { Context } from "hono";
import type { AdmissionGate, AdmissionTicket } from "./admission-gate.js";
import { errorBody, harnessError } from "./http-errors.js";
import { InvalidChatRequest } from "./invalid-request.js";

/** Sends text to the client as it is (the framing is the route's); nothing once the client went away. */
export type StreamWrite = (text: string) => void;

/** The parts of a streamed answer, made for one stream's {@link StreamWrite}. */
export interface EventStreamParts {
  /** Writes at once (the opening chunk or event). */
  open(): void;
  /** The model call, writing as it goes. */
  run(): Promise<void>;
  /** An error thrown by `run`, unless the client went away. */
  fail(error: unknown): void;
  /** Written last, after the place at the gate is given back (`data: [DONE]`). */
  closing?: string;
}

/** An admitted request's model call: its abort signal and the two ways to answer. */
export interface AdmittedCall {
  /** Aborted when the client disconnects. */
  readonly signal: AbortSignal;
  /** Answers with the JSON `answer` makes; a harness error becomes its error response. */
  json(answer: () => Promise<unknown>): Promise<Response>;
  /** Answers with server-sent events, a keep-alive comment every `keepAliveMs` meanwhile. */
  events(keepAliveMs: number, parts: (write: StreamWrite) => EventStreamParts): Response;
}

/** What a gated route does with a request once it is read and admitted. */
export interface GatedRoute<Plan> {
  gate: AdmissionGate;
  /** The plan from the decoded body; throws {@link InvalidChatRequest} naming the field at fault. */
  read(document: unknown): Plan;
  /** The answer to an admitted request. */
  answer(plan: Plan, call: AdmittedCall): Promise<Response> | Response;
}

/** A Hono handler: body, plan, gate, then the route's answer. */
export function gatedRoute<Plan>(route: GatedRoute<Plan>): (c: Context) => Promise<Response> {
  const { gate } = route;
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
    let plan: Plan;
    try {
      plan = route.read(document);
    } catch (error) {
      if (error instanceof InvalidChatRequest)
        return c.json(errorBody(error.message, "invalid_request_error", error.param), 400);
      throw error;
    }
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
    return route.answer(plan, admittedCall(c, ticket, controller));
  };
}

function admittedCall(c: Context, ticket: AdmissionTicket, controller: AbortController): AdmittedCall {
  return {
    signal: controller.signal,
    async json(answer) {
      try {
        return c.json(await answer());
      } catch (error) {
        const { status, body } = harnessError(error);
        return c.json(body, status);
      } finally {
        ticket.release();
      }
    },
    events(keepAliveMs, parts) {
      return eventStream(controller, ticket, keepAliveMs, parts);
    },
  };
}

function eventStream(
  controller: AbortController,
  ticket: AdmissionTicket,
  keepAliveMs: number,
  partsFor: (write: StreamWrite) => EventStreamParts,
): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async start(stream) {
      const write: StreamWrite = (text) => {
        if (!controller.signal.aborted) stream.enqueue(encoder.encode(text));
      };
      const parts = partsFor(write);
      parts.open();
      const keepAlive = setInterval(() => write(": keep-alive\n\n"), keepAliveMs);
      try {
        await parts.run();
      } catch (error) {
        if (!controller.signal.aborted) parts.fail(error);
      } finally {
        ticket.release();
        clearInterval(keepAlive);
      }
      if (parts.closing !== undefined) write(parts.closing);
      if (!controller.signal.aborted) stream.close();
    },
    cancel() {
      controller.abort();
    },
  });
  return new Response(body, {
    headers: { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" },
  });
}
