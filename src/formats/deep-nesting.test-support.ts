/**
 * Model outputs nested 20,000 levels deep in every format's call syntax, for the parser tests
 * (src/formats/deep-nesting.test.ts) and the end-to-end ones (test/deep-nesting.test.ts).
 */
import type { ToolDefinition } from "../messages.js";
import type { FormatName } from "./tool-call-format.js";

const depth = 20_000;

/** 20,000 levels of arrays and of objects as JSON and as a Python dict, and a tool taking them. */
export const deepNesting = {
  depth,
  deepArray: `${"[".repeat(depth)}${"]".repeat(depth)}`,
  deepObject: `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`,
  deepDict: `${"{'a': ".repeat(depth)}1${"}".repeat(depth)}`,
  tools: [
    {
      name: "f",
      parameters: { type: "object", properties: { x: { type: "array" }, y: { type: "object" } } },
    },
  ] as ToolDefinition[],
};

/** Model outputs in each format holding a call whose argument is `value` (JSON text) or `python`. */
export function deepOutputs(format: FormatName, value: string, python: string): string[] {
  const json = `{"name": "f", "arguments": {"x": ${value}}}`;
  switch (format) {
    case "json":
      return [
        json,
        `[${json}]`,
        `{"tool_calls": [${json}]}`,
        `{"name": "f", "arguments": ${JSON.stringify(`{"x": ${value}}`)}}`,
      ];
    case "qwen3":
      return [`<tool_call>\n${json}\n</tool_call>`];
    case "llama3":
      return [`{"name": "f", "parameters": {"x": ${value}}}`, `<|python_tag|>f.call(x=${python})`];
    case "mistral":
      return [`[TOOL_CALLS][${json}]`, `[TOOL_CALLS]f[ARGS]{"x": ${value}}`];
    case "qwen3.5":
      return [`<tool_call>\n<function=f>\n<parameter=x>\n${value}\n</parameter>\n</function>\n</tool_call>`];
    case "minicpm":
      return [`<function name="f"><param name="x">${value}</param></function>`];
    case "lfm2":
      return [
        `<|tool_call_start|>[f(x=${python})]<|tool_call_end|>`,
        `<|tool_call_start|>[${json}]<|tool_call_end|>`,
      ];
    case "pythonic":
      return [`[f(x=${python})]`];
    case "functiongemma":
      return [`<start_function_call>call:f{x:${value.replaceAll('"a":', "a:")}}<end_function_call>`];
  }
}
