/**
 * Recorded-shape responses of the desktop apps the openai-compatible backend meets: Ollama's `/v1`
 * layer and LM Studio (a companion of fixtures.test-support.ts, which re-exports these). Every
 * call here asks for `get_weather`.
 */
import { sseEvents } from "./fixture-server.test-support.js";

const created = 1753786723;

/** Ollama `/v1`, non-streaming: empty content, call with an index, `fp_ollama`. */
export const ollamaToolCall = {
  id: "chatcmpl-512",
  object: "chat.completion",
  created,
  model: "qwen3:0.6b",
  system_fingerprint: "fp_ollama",
  choices: [
    {
      index: 0,
      message: {
        role: "assistant",
        content: "",
        reasoning: "Need the weather tool.",
        tool_calls: [
          {
            id: "call_w8vq1x2k",
            index: 0,
            type: "function",
            function: { name: "get_weather", arguments: '{"city":"Paris"}' },
          },
        ],
      },
      finish_reason: "tool_calls",
    },
  ],
  usage: { prompt_tokens: 150, completion_tokens: 20, total_tokens: 170 },
};

function ollamaChunk(
  delta: Record<string, unknown>,
  finishReason: string | null = null,
): Record<string, unknown> {
  return {
    id: "chatcmpl-88",
    object: "chat.completion.chunk",
    created,
    model: "qwen3:0.6b",
    system_fingerprint: "fp_ollama",
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  };
}

/**
 * Ollama's older `/v1` streaming: each call whole in one delta, no `index`, ids only; the second
 * call's arguments as an object; `finish_reason` "stop"; no usage chunk.
 */
export const ollamaMissingIndexStream = sseEvents([
  ollamaChunk({
    role: "assistant",
    content: "",
    tool_calls: [
      { id: "call_a1", type: "function", function: { name: "get_weather", arguments: '{"city":"Paris"}' } },
    ],
  }),
  ollamaChunk({
    role: "assistant",
    content: "",
    tool_calls: [
      { id: "call_b2", type: "function", function: { name: "get_weather", arguments: { city: "Rome" } } },
    ],
  }),
  ollamaChunk({ role: "assistant", content: "" }, "stop"),
]);

/** LM Studio, non-streaming: no `content` key at all next to the calls, numeric-looking id. */
export const lmStudioToolCall = {
  id: "chatcmpl-hq4p0vj3r8lm6o0y1ax2",
  object: "chat.completion",
  created,
  model: "qwen3-4b",
  choices: [
    {
      index: 0,
      logprobs: null,
      finish_reason: "tool_calls",
      message: {
        role: "assistant",
        tool_calls: [
          {
            id: "365174485",
            type: "function",
            function: { name: "get_weather", arguments: '{"city":"Paris","unit":"celsius"}' },
          },
        ],
      },
    },
  ],
  usage: { prompt_tokens: 312, completion_tokens: 24, total_tokens: 336 },
  stats: {},
  system_fingerprint: "qwen3-4b",
};

function lmStudioChunk(
  delta: Record<string, unknown>,
  finishReason: string | null = null,
): Record<string, unknown> {
  return {
    id: "chatcmpl-lms7",
    object: "chat.completion.chunk",
    created,
    model: "qwen3-4b",
    system_fingerprint: "qwen3-4b",
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
  };
}

/**
 * LM Studio streaming text then a call whose later argument deltas carry neither index nor id
 * (continue the last call); sent through a proxy that uses CRLF, keep-alive comments, and splits one
 * event's JSON over two `data:` lines.
 */
export const lmStudioProxiedStream = [
  ": keep-alive\r\n\r\n",
  `data: ${JSON.stringify(lmStudioChunk({ role: "assistant", content: "Checking " }))}\r\n\r\n`,
  `data: ${JSON.stringify(lmStudioChunk({ content: "the forecast." }))}\r\n\r\n`,
  ": keep-alive\r\n\r\n",
  `data: ${JSON.stringify(lmStudioChunk({ tool_calls: [{ index: 0, id: "901", type: "function", function: { name: "get_weather", arguments: "" } }] })).replace('"choices"', '\r\ndata: "choices"')}\r\n\r\n`,
  `data: ${JSON.stringify(lmStudioChunk({ tool_calls: [{ function: { arguments: '{"city":' } }] }))}\r\n\r\n`,
  `data: ${JSON.stringify(lmStudioChunk({ tool_calls: [{ function: { arguments: '"Oslo"}' } }] }))}\r\n\r\n`,
  `data: ${JSON.stringify(lmStudioChunk({}, "tool_calls"))}\r\n\r\n`,
  `data: ${JSON.stringify({ ...lmStudioChunk({}), choices: [], usage: { prompt_tokens: 90, completion_tokens: 17, total_tokens: 107 } })}\r\n\r\n`,
  "data: [DONE]\r\n\r\n",
].join("");
