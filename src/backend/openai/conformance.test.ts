import { runBackendConformance, type ScriptedReply } from "../backend-conformance.test-support.js";
import { stubToolCallFormat } from "../replay-stub-format.test-support.js";
import { createOpenAICompatibleBackend } from "./backend.js";
import {
  type FixtureResponse,
  type ReceivedRequest,
  sseEvents,
  startFixtureServer,
} from "./fixture-server.test-support.js";

const created = 1753786723;

/** A reply in llama-server's non-streaming shape. */
function completion(reply: ScriptedReply): Record<string, unknown> {
  const calls = reply.toolCalls ?? [];
  return {
    choices: [
      {
        finish_reason: calls.length > 0 ? "tool_calls" : "stop",
        index: 0,
        message: {
          role: "assistant",
          content: reply.text ?? "",
          ...(calls.length === 0
            ? {}
            : {
                tool_calls: calls.map((call, index) => ({
                  type: "function",
                  function: { name: call.name, arguments: JSON.stringify(call.arguments) },
                  id: `call_${index}`,
                })),
              }),
        },
      },
    ],
    created,
    model: "fixture",
    object: "chat.completion",
    usage: { completion_tokens: 12, prompt_tokens: 34, total_tokens: 46 },
    id: "chatcmpl-conformance",
  };
}

/** The same reply streamed: text in two deltas, each call's arguments in two pieces, usage last. */
function stream(reply: ScriptedReply): string {
  const chunk = (delta: Record<string, unknown>, finish: string | null = null) => ({
    choices: [{ finish_reason: finish, index: 0, delta }],
    created,
    id: "chatcmpl-conformance",
    model: "fixture",
    object: "chat.completion.chunk",
  });
  const events: unknown[] = [chunk({ role: "assistant", content: null })];
  const text = reply.text ?? "";
  const half = Math.ceil(text.length / 2);
  for (const piece of [text.slice(0, half), text.slice(half)])
    if (piece !== "") events.push(chunk({ content: piece }));
  (reply.toolCalls ?? []).forEach((call, index) => {
    const json = JSON.stringify(call.arguments);
    const cut = Math.floor(json.length / 2);
    events.push(
      chunk({
        tool_calls: [
          {
            index,
            id: `call_${index}`,
            type: "function",
            function: { name: call.name, arguments: json.slice(0, cut) },
          },
        ],
      }),
      chunk({ tool_calls: [{ index, function: { arguments: json.slice(cut) } }] }),
    );
  });
  events.push(chunk({}, (reply.toolCalls ?? []).length > 0 ? "tool_calls" : "stop"));
  events.push({
    choices: [],
    created,
    id: "chatcmpl-conformance",
    object: "chat.completion.chunk",
    usage: { completion_tokens: 12, prompt_tokens: 34, total_tokens: 46 },
  });
  return sseEvents(events);
}

/** Answers in the transport the request asked for. */
function responder(reply: ScriptedReply) {
  return (received: ReceivedRequest): FixtureResponse => {
    const delayMs = reply.delayMs;
    return received.body?.stream === true
      ? { sse: stream(reply), ...(delayMs === undefined ? {} : { delayMs }) }
      : { body: completion(reply), ...(delayMs === undefined ? {} : { delayMs }) };
  };
}

for (const streamed of [false, true]) {
  runBackendConformance(`openai-compatible${streamed ? " (generate streams)" : ""}`, async () => {
    const server = await startFixtureServer(responder({ text: "Sure." }));
    const backend = createOpenAICompatibleBackend({
      baseUrl: server.baseUrl,
      model: "fixture",
      stream: streamed,
      format: stubToolCallFormat,
      maxRetries: 0,
    });
    return {
      backend,
      script: async (replies) => {
        server.enqueue(...replies.map(responder));
        return backend;
      },
      dispose: () => server.close(),
    };
  });
}
