/**
 * Recorded-shape responses of the servers the openai-compatible backend meets: llama-server
 * (`--jinja`), vLLM (`--enable-auto-tool-choice`), Ollama's `/v1` layer and LM Studio, plus the known
 * quirks. Field sets, ids, orders and extra fields follow what those servers send; numbers are
 * examples. Every call here asks for `get_weather`. Ollama's and LM Studio's are in
 * local-app-fixtures.test-support.ts, re-exported here.
 */
import { sseEvents } from "./fixture-server.test-support.js";

export {
  lmStudioProxiedStream,
  lmStudioToolCall,
  ollamaMissingIndexStream,
  ollamaToolCall,
} from "./local-app-fixtures.test-support.js";

const created = 1753786723;

/** llama-server, Qwen3 with reasoning parsed (`--reasoning-format deepseek`), one tool call. */
export const llamaServerToolCall = {
  choices: [
    {
      finish_reason: "tool_calls",
      index: 0,
      message: {
        role: "assistant",
        content: "",
        reasoning_content: "The user wants the weather in Paris. I should call get_weather.",
        tool_calls: [
          {
            type: "function",
            function: { name: "get_weather", arguments: '{"city":"Paris","unit":"celsius"}' },
            id: "Nh4ZQdXuYI2OsuS8b7dEkSmgXjbyUbyP",
          },
        ],
      },
    },
  ],
  created,
  model: "Qwen3-0.6B-Q8_0.gguf",
  system_fingerprint: "b6002-3f4fc97f",
  object: "chat.completion",
  usage: { completion_tokens: 41, prompt_tokens: 183, total_tokens: 224 },
  id: "chatcmpl-DKj8xQOJkvW1r3yPDMo4P2gS3L2x0ZrE",
  timings: {
    prompt_n: 183,
    prompt_ms: 95.312,
    prompt_per_token_ms: 0.5208,
    prompt_per_second: 1920.04,
    predicted_n: 41,
    predicted_ms: 345.117,
    predicted_per_token_ms: 8.4175,
    predicted_per_second: 118.8,
  },
};

/** llama-server streaming the same call: a ping, reasoning deltas, arguments in pieces, usage last. */
export const llamaServerToolCallStream = [
  'data: {"choices":[{"finish_reason":null,"index":0,"delta":{"role":"assistant","content":null}}],"created":1753786723,"id":"chatcmpl-q1","model":"Qwen3-0.6B-Q8_0.gguf","system_fingerprint":"b6002-3f4fc97f","object":"chat.completion.chunk"}',
  // llama-server's keep-alive ping while a long prompt is processed (an SSE comment).
  ":",
  'data: {"choices":[{"finish_reason":null,"index":0,"delta":{"reasoning_content":"The user wants"}}],"created":1753786723,"id":"chatcmpl-q1","model":"Qwen3-0.6B-Q8_0.gguf","system_fingerprint":"b6002-3f4fc97f","object":"chat.completion.chunk"}',
  'data: {"choices":[{"finish_reason":null,"index":0,"delta":{"reasoning_content":" Paris weather."}}],"created":1753786723,"id":"chatcmpl-q1","model":"Qwen3-0.6B-Q8_0.gguf","system_fingerprint":"b6002-3f4fc97f","object":"chat.completion.chunk"}',
  'data: {"choices":[{"finish_reason":null,"index":0,"delta":{"tool_calls":[{"index":0,"id":"rWq3bZ0sVm2xkCkP9ThNn1t4","type":"function","function":{"name":"get_weather","arguments":"{\\""}}]}}],"created":1753786723,"id":"chatcmpl-q1","model":"Qwen3-0.6B-Q8_0.gguf","system_fingerprint":"b6002-3f4fc97f","object":"chat.completion.chunk"}',
  'data: {"choices":[{"finish_reason":null,"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"city\\":\\""}}]}}],"created":1753786723,"id":"chatcmpl-q1","model":"Qwen3-0.6B-Q8_0.gguf","system_fingerprint":"b6002-3f4fc97f","object":"chat.completion.chunk"}',
  'data: {"choices":[{"finish_reason":null,"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"Paris\\"}"}}]}}],"created":1753786723,"id":"chatcmpl-q1","model":"Qwen3-0.6B-Q8_0.gguf","system_fingerprint":"b6002-3f4fc97f","object":"chat.completion.chunk"}',
  'data: {"choices":[{"finish_reason":"tool_calls","index":0,"delta":{}}],"created":1753786723,"id":"chatcmpl-q1","model":"Qwen3-0.6B-Q8_0.gguf","system_fingerprint":"b6002-3f4fc97f","object":"chat.completion.chunk"}',
  'data: {"choices":[],"created":1753786723,"id":"chatcmpl-q1","model":"Qwen3-0.6B-Q8_0.gguf","system_fingerprint":"b6002-3f4fc97f","object":"chat.completion.chunk","usage":{"completion_tokens":19,"prompt_tokens":183,"total_tokens":202},"timings":{"prompt_n":183,"prompt_ms":95.3,"predicted_n":19,"predicted_ms":160.2}}',
  "data: [DONE]",
  "",
  "",
].join("\n\n");

/** llama-server streaming plain text with multi-byte characters (pieces split inside them). */
export const llamaServerTextStream = sseEvents([
  ...["Il fait ", "beau à Paris : ", "21 °C ☀️", "."].map((text) => ({
    choices: [{ finish_reason: null, index: 0, delta: { content: text } }],
    created,
    id: "chatcmpl-t1",
    model: "Qwen3-0.6B-Q8_0.gguf",
    object: "chat.completion.chunk",
  })),
  {
    choices: [{ finish_reason: "stop", index: 0, delta: {} }],
    created,
    id: "chatcmpl-t1",
    model: "Qwen3-0.6B-Q8_0.gguf",
    object: "chat.completion.chunk",
  },
  {
    choices: [],
    created,
    id: "chatcmpl-t1",
    object: "chat.completion.chunk",
    usage: { completion_tokens: 12, prompt_tokens: 30, total_tokens: 42 },
  },
]);

/** vLLM (hermes tool parser), two parallel calls, `reasoning_content: null`, vLLM's extra fields. */
export const vllmParallelToolCalls = {
  id: "chatcmpl-9f0e2b1c4d5a4e6f8a7b6c5d4e3f2a1b",
  object: "chat.completion",
  created,
  model: "Qwen/Qwen3-4B",
  choices: [
    {
      index: 0,
      message: {
        role: "assistant",
        reasoning_content: null,
        content: null,
        tool_calls: [
          {
            id: "chatcmpl-tool-4e1f6a1c9b2d4c0f",
            type: "function",
            function: { name: "get_weather", arguments: '{"city": "Paris"}' },
          },
          {
            id: "chatcmpl-tool-7a0b3c2d1e4f5a6b",
            type: "function",
            function: { name: "get_weather", arguments: '{"city": "Lyon", "unit": "fahrenheit"}' },
          },
        ],
      },
      logprobs: null,
      finish_reason: "tool_calls",
      stop_reason: null,
    },
  ],
  usage: { prompt_tokens: 245, total_tokens: 298, completion_tokens: 53, prompt_tokens_details: null },
  prompt_logprobs: null,
  kv_transfer_params: null,
};

function vllmChunk(
  delta: Record<string, unknown>,
  finishReason: string | null = null,
): Record<string, unknown> {
  return {
    id: "chatcmpl-5c1d",
    object: "chat.completion.chunk",
    created,
    model: "Qwen/Qwen3-4B",
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
    usage: null,
  };
}

/**
 * vLLM streaming two calls with the quirk of some builds: both calls sent with `index: 0`, told apart
 * only by their ids; reasoning in the newer `reasoning` field; `finish_reason` "stop" despite the calls.
 */
export const vllmRepeatedIndexStream = sseEvents([
  vllmChunk({ role: "assistant", content: "" }),
  vllmChunk({ reasoning: "Two cities, two calls." }),
  vllmChunk({
    tool_calls: [{ id: "chatcmpl-tool-aaa", type: "function", index: 0, function: { name: "get_weather" } }],
  }),
  vllmChunk({ tool_calls: [{ index: 0, function: { arguments: '{"city": ' } }] }),
  vllmChunk({ tool_calls: [{ index: 0, function: { arguments: '"Paris"}' } }] }),
  vllmChunk({
    tool_calls: [{ id: "chatcmpl-tool-bbb", type: "function", index: 0, function: { name: "get_weather" } }],
  }),
  vllmChunk({ tool_calls: [{ index: 0, function: { arguments: '{"city": "Lyon"}' } }] }),
  vllmChunk({}, "stop"),
  {
    id: "chatcmpl-5c1d",
    object: "chat.completion.chunk",
    created,
    model: "Qwen/Qwen3-4B",
    choices: [],
    usage: { prompt_tokens: 245, total_tokens: 290, completion_tokens: 45 },
  },
]);

/** A server without a tool parser: the call comes back as raw markup in `content`. */
export const rawMarkupContent = {
  id: "chatcmpl-raw",
  object: "chat.completion",
  created,
  model: "qwen3",
  choices: [
    {
      index: 0,
      message: {
        role: "assistant",
        content: '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>',
      },
      finish_reason: "stop",
    },
  ],
  usage: { prompt_tokens: 60, completion_tokens: 22, total_tokens: 82 },
};

/** Calls whose arguments the model broke: truncated JSON, an array, and no name. */
export const brokenArguments = {
  id: "chatcmpl-bad",
  object: "chat.completion",
  created,
  model: "qwen3",
  choices: [
    {
      index: 0,
      message: {
        role: "assistant",
        content: null,
        tool_calls: [
          { id: "c1", type: "function", function: { name: "get_weather", arguments: '{"city": "Par' } },
          { id: "c2", type: "function", function: { name: "get_weather", arguments: '["Paris"]' } },
          { id: "c3", type: "function", function: { name: "", arguments: "{}" } },
        ],
      },
      finish_reason: "tool_calls",
    },
  ],
};

/** Text cut off by `max_tokens`. */
export const lengthLimited = {
  id: "chatcmpl-len",
  object: "chat.completion",
  created,
  model: "qwen3",
  choices: [
    { index: 0, message: { role: "assistant", content: "The weather in Par" }, finish_reason: "length" },
  ],
  usage: { prompt_tokens: 40, completion_tokens: 5, total_tokens: 45 },
};

/** llama-server's error bodies. */
export const llamaServerErrors = {
  badRequest: {
    error: { code: 400, message: "tools param requires --jinja flag", type: "invalid_request_error" },
  },
  loading: { error: { code: 503, message: "Loading model", type: "unavailable_error" } },
  rateLimited: {
    error: { message: "Rate limit reached, retry after 1s", type: "rate_limit_error", code: 429 },
  },
};

/** A streamed error as llama-server reports it after the 200 status line. */
export const streamedError = sseEvents(
  [{ error: { code: 500, message: "the request exceeds the available context size", type: "server_error" } }],
  { done: false },
);
