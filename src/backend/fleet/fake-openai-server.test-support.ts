/**
 * Test support: a small OpenAI-compatible server on 127.0.0.1 that answers every chat completion
 * (streamed or not) with a short text reply after `delayMs`, counts what it served, and can be
 * killed: `kill()` drops every open connection mid-reply and stops listening, as a crashed server.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

/** A running fake server. */
export interface FakeOpenAIServer {
  /** `http://127.0.0.1:<port>/v1`. */
  baseUrl: string;
  /** Completions it finished. */
  readonly answered: number;
  /** Requests that arrived. */
  readonly received: number;
  /** Drops every connection (replies in flight included) and stops listening. */
  kill(): Promise<void>;
  close(): Promise<void>;
}

function reply(text: string, stream: boolean, response: ServerResponse): void {
  if (!stream) {
    response.writeHead(200, { "content-type": "application/json" });
    response.end(
      JSON.stringify({
        id: "chatcmpl-fake",
        object: "chat.completion",
        choices: [{ index: 0, message: { role: "assistant", content: text }, finish_reason: "stop" }],
        usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
      }),
    );
    return;
  }
  response.writeHead(200, { "content-type": "text/event-stream" });
  const chunk = (delta: Record<string, unknown>, finish: string | null) =>
    `data: ${JSON.stringify({ object: "chat.completion.chunk", choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
  response.write(chunk({ role: "assistant", content: text }, null));
  response.write(chunk({}, "stop"));
  response.end("data: [DONE]\n\n");
}

/** Starts a fake server replying `text` after `delayMs`. */
export async function startFakeOpenAIServer(
  options: { text?: string; delayMs?: number } = {},
): Promise<FakeOpenAIServer> {
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  let answered = 0;
  let received = 0;
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received += 1;
      let stream = false;
      try {
        stream = (JSON.parse(Buffer.concat(chunks).toString("utf8")) as { stream?: unknown }).stream === true;
      } catch {
        // Not JSON: answer as for a whole reply.
      }
      const timer = setTimeout(() => {
        timers.delete(timer);
        reply(options.text ?? "I can't help with that.", stream, response);
        answered += 1;
      }, options.delayMs ?? 20);
      timers.add(timer);
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  let closed: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closed ??= new Promise<void>((resolve) => {
      for (const timer of timers) clearTimeout(timer);
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
    return closed;
  };
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    get answered() {
      return answered;
    },
    get received() {
      return received;
    },
    kill: close,
    close,
  };
}
