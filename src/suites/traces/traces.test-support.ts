/**
 * A small traces file for the tests: one three-turn conversation (a call, a text reply, two calls
 * at once), one request/response pair, and bad lines of every kind, with the ids its turns get.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";

/** The tools every conversation offers (OpenAI's wire shape). */
export const traceTools = [
  {
    type: "function",
    function: {
      name: "get_weather",
      description: "Current weather in a city",
      parameters: {
        type: "object",
        properties: {
          city: { type: "string" },
          unit: { type: "string", enum: ["celsius", "fahrenheit"], default: "celsius" },
        },
        required: ["city"],
      },
    },
  },
  {
    type: "function",
    function: {
      name: "convert_currency",
      description: "Converts an amount between currencies",
      parameters: {
        type: "object",
        properties: { amount: { type: "number" }, from: { type: "string" }, to: { type: "string" } },
        required: ["amount", "from", "to"],
      },
    },
  },
];

function call(id: string, name: string, args: string) {
  return { id, type: "function", function: { name, arguments: args } };
}

/** Line 1: a conversation of three assistant turns. */
export const conversationLine = {
  messages: [
    { role: "system", content: "You are a travel assistant." },
    { role: "user", content: "What's the weather in Paris?" },
    { role: "assistant", content: null, tool_calls: [call("c1", "get_weather", '{"city": "Paris"}')] },
    { role: "tool", tool_call_id: "c1", content: '{"temperature": 18}' },
    { role: "assistant", content: "It is 18 degrees in Paris." },
    { role: "user", content: "And in Berlin and Rome, in fahrenheit?" },
    {
      role: "assistant",
      content: "",
      tool_calls: [
        call("c2", "get_weather", '{"city": "Berlin", "unit": "fahrenheit"}'),
        call("c3", "get_weather", '{"city": "Rome", "unit": "fahrenheit"}'),
      ],
    },
  ],
  tools: traceTools,
};

/** Line 2: a request/response pair as `serve --record` writes it. */
export const pairLine = {
  request: {
    model: "qwen",
    messages: [{ role: "user", content: "Convert 100 USD to EUR" }],
    tools: traceTools,
    temperature: 0,
  },
  response: {
    id: "chatcmpl-1",
    object: "chat.completion",
    choices: [
      {
        index: 0,
        message: {
          role: "assistant",
          content: null,
          tool_calls: [call("c9", "convert_currency", '{"amount": 100.0, "from": "USD", "to": "EUR"}')],
        },
        finish_reason: "tool_calls",
      },
    ],
  },
};

/** Lines 3-7: bad lines, each with the problem it must be named by. */
export const badLines: { text: string; field: string; message: RegExp }[] = [
  { text: "{not json", field: "line", message: /not valid JSON/ },
  {
    text: JSON.stringify({
      messages: [
        { role: "user", content: "hi" },
        { role: "assistant", tool_calls: [call("x", "get_weather", "{city")] },
      ],
      tools: traceTools,
    }),
    field: "messages[1].tool_calls[0].function.arguments",
    message: /not valid JSON/,
  },
  {
    text: JSON.stringify({
      messages: [
        { role: "user", content: "book it" },
        { role: "assistant", tool_calls: [call("x", "book_flight", "{}")] },
      ],
      tools: traceTools,
    }),
    field: "messages[1].tool_calls[0].function.name",
    message: /book_flight, which the conversation's tools do not offer/,
  },
  { text: JSON.stringify({ conversation: [] }), field: "messages", message: /must be an array/ },
  {
    text: JSON.stringify({
      messages: [
        { role: "user", content: "weather?" },
        { role: "assistant", tool_calls: [call("x", "get_weather", '{"unit": "celsius"}')] },
      ],
      tools: traceTools,
    }),
    field: "messages[1].tool_calls",
    message: /fail their own tool schemas: Missing required parameter: 'city'/,
  },
];

/** The ids of the usable turns of a file named `file`, in order, with their categories. */
export function traceIds(file: string): { id: string; category: string }[] {
  return [
    { id: `traces:${file}:1:1`, category: "call" },
    { id: `traces:${file}:1:2`, category: "text" },
    { id: `traces:${file}:1:3`, category: "parallel" },
    { id: `traces:${file}:2:1`, category: "call" },
  ];
}

/** Writes the whole file (two good lines, then the bad ones) into `directory`; returns its path. */
export function writeTraceFile(directory: string, name = "team.jsonl"): string {
  const path = join(directory, name);
  const lines = [
    JSON.stringify(conversationLine),
    JSON.stringify(pairLine),
    ...badLines.map((line) => line.text),
  ];
  writeFileSync(path, `${lines.join("\n")}\n`);
  return path;
}
