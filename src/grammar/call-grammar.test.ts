import assert from "node:assert/strict";
import { after, describe, it } from "node:test";
import { isEdgecallError } from "../errors.js";
import { getFormat } from "../formats/registry.js";
import type { FormatName } from "../formats/tool-call-format.js";
import { summariseParts, type ToolCall, type ToolDefinition } from "../messages.js";
import { buildCallGrammar } from "./call-grammar.js";
import { compileGbnf, testLlama } from "./gbnf-checker.test-support.js";

const weather: ToolDefinition = {
  name: "get_weather",
  description: "Weather for a city",
  parameters: {
    type: "object",
    properties: {
      city: { type: "string" },
      days: { type: "integer", minimum: 1, maximum: 50 },
      unit: { type: "string", enum: ["celsius", "fahrenheit"] },
    },
    required: ["city"],
  },
};
const ping: ToolDefinition = { name: "ping", parameters: { type: "object", properties: {} } };
const tools = [weather, ping];

interface Example {
  /** Text after the format's call prefix. */
  text: string;
  calls: ToolCall[];
  parallel?: boolean;
}

const paris = { name: "get_weather", arguments: { city: "Paris", days: 3 } };
const pingCall = { name: "ping", arguments: {} };

/** Calls written the way each family writes them, after the call prefix. */
const examples: Record<FormatName, { good: Example[]; bad: string[] }> = {
  qwen3: {
    good: [
      {
        text: '\n{"name": "get_weather", "arguments": {"city": "Paris", "days": 3}}\n</tool_call>',
        calls: [paris],
      },
      {
        text: '\n{"name": "ping", "arguments": {}}\n</tool_call>\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris", "days": 3}}\n</tool_call>',
        calls: [pingCall, paris],
        parallel: true,
      },
    ],
    bad: [
      '\n{"name": "get_weather", "arguments": {"city": "Paris", "days": 51}}\n</tool_call>',
      '\n{"name": "get_weather", "arguments": {"days": 3}}\n</tool_call>',
      '\n{"name": "other", "arguments": {}}\n</tool_call>',
    ],
  },
  "qwen3.5": {
    good: [
      {
        text: "\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n<parameter=days>\n3\n</parameter>\n</function>\n</tool_call>",
        calls: [paris],
      },
      { text: "\n<function=ping>\n</function>\n</tool_call>", calls: [pingCall] },
    ],
    bad: [
      "\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n<parameter=days>\n0\n</parameter>\n</function>\n</tool_call>",
      "\n<function=get_weather>\n<parameter=city>\nPa<ris\n</parameter>\n</function>\n</tool_call>",
    ],
  },
  lfm2: {
    good: [
      { text: '[get_weather(city="Paris", days=3)]<|tool_call_end|>', calls: [paris] },
      {
        text: '[ping(), get_weather(city="Paris", days=3)]<|tool_call_end|>',
        calls: [pingCall, paris],
        parallel: true,
      },
    ],
    bad: [
      '[get_weather(city="Paris", days=-3)]<|tool_call_end|>',
      '[get_weather(city="Paris", unit=True)]<|tool_call_end|>',
    ],
  },
  minicpm: {
    good: [
      {
        text: 'get_weather"><param name="city">Paris</param><param name="days">3</param></function>',
        calls: [paris],
      },
      {
        text: 'ping"></function>\n<function name="get_weather"><param name="city">Paris</param><param name="days">3</param></function>',
        calls: [pingCall, paris],
        parallel: true,
      },
    ],
    bad: ['get_weather"><param name="city">Paris</param><param name="days">300</param></function>'],
  },
  llama3: {
    good: [{ text: '{"name": "get_weather", "parameters": {"city": "Paris", "days": 3}}', calls: [paris] }],
    bad: ['{"name": "get_weather", "arguments": {"city": "Paris"}}'],
  },
  mistral: {
    good: [
      { text: '[{"name": "get_weather", "arguments": {"city": "Paris", "days": 3}}]', calls: [paris] },
      { text: 'get_weather[ARGS]{"city": "Paris", "days": 3}', calls: [paris] },
      {
        text: 'ping[ARGS]{}[TOOL_CALLS]get_weather[ARGS]{"city": "Paris", "days": 3}',
        calls: [pingCall, paris],
        parallel: true,
      },
    ],
    bad: ['get_weather[ARGS]{"city": "Paris", "days": 3.5}'],
  },
  pythonic: {
    good: [
      { text: '[get_weather(city="Paris", days=3)]', calls: [paris] },
      { text: '[get_weather(city="Paris", days=3), ping()]', calls: [paris, pingCall], parallel: true },
    ],
    bad: ["[get_weather(days=3)]", 'get_weather(city="Paris")'],
  },
  json: {
    good: [
      { text: '{"name": "get_weather", "arguments": {"city": "Paris", "days": 3}}', calls: [paris] },
      {
        text: '[{"name": "ping", "arguments": {}}, {"name": "get_weather", "arguments": {"city": "Paris", "days": 3}}]',
        calls: [pingCall, paris],
        parallel: true,
      },
    ],
    bad: ['{"name": "get_weather", "arguments": {"city": "Paris", "days": 3}} trailing'],
  },
  functiongemma: {
    good: [
      { text: "call:get_weather{city:<escape>Paris<escape>,days:3}<end_function_call>", calls: [paris] },
      {
        text: "call:ping{}<end_function_call><start_function_call>call:get_weather{city:<escape>Paris<escape>,days:3}<end_function_call>",
        calls: [pingCall, paris],
        parallel: true,
      },
      {
        text: "call:get_weather{city:<escape>a <b> {c}, <esc\n<escape>,unit:<escape>celsius<escape>}<end_function_call>",
        calls: [{ name: "get_weather", arguments: { city: "a <b> {c}, <esc\n", unit: "celsius" } }],
      },
    ],
    bad: [
      "call:get_weather{city:Paris}<end_function_call>",
      "call:get_weather{city:<escape>Pa<escape>ris<escape>}<end_function_call>",
      "call:get_weather{city:<escape>Paris<<escape>}<end_function_call>",
      "call:get_weather{days:3}<end_function_call>",
      "call:get_weather{city:<escape>Paris<escape>,days:51}<end_function_call>",
      "call:get_weather{city:<escape>Paris<escape>,unit:<escape>kelvin<escape>}<end_function_call>",
      'call:get_weather{"city":<escape>Paris<escape>}<end_function_call>',
      "call:ping{}<end_function_call><start_function_response>",
      "call:ping[]<end_function_call>",
    ],
  },
};

after(async () => {
  await (await testLlama()).dispose();
});

describe("buildCallGrammar", () => {
  for (const [formatName, { good, bad }] of Object.entries(examples) as [
    FormatName,
    (typeof examples)[FormatName],
  ][]) {
    it(`${formatName}: compiles, accepts the family's calls, rejects invalid ones, and the parser agrees`, async () => {
      const format = getFormat(formatName);
      assert.ok(format.callGrammar, "every built-in format has its own call grammar");
      const single = await compileGbnf(buildCallGrammar(formatName, tools, { parallel: false }));
      const parallel = await compileGbnf(buildCallGrammar(formatName, tools, { parallel: true }));
      for (const example of good) {
        assert.equal(
          parallel.accepts(example.text),
          true,
          `parallel grammar accepts ${JSON.stringify(example.text)}`,
        );
        assert.equal(
          single.accepts(example.text),
          example.parallel !== true,
          `single grammar on ${example.text}`,
        );
        const parsed = summariseParts(format.parse(format.callPrefix + example.text, tools));
        assert.deepEqual(parsed.errors, []);
        assert.deepEqual(
          parsed.toolCalls.map((call) => ({ name: call.name, arguments: call.arguments })),
          example.calls,
        );
      }
      for (const text of bad) assert.equal(parallel.accepts(text), false, `rejects ${JSON.stringify(text)}`);
    });
  }

  it("caps unbounded strings and arrays only when asked (the backend's resample after a length stop)", async () => {
    const note: ToolDefinition = {
      name: "note",
      parameters: {
        type: "object",
        properties: { text: { type: "string" }, tags: { type: "array", items: { type: "string" } } },
        required: ["text", "tags"],
      },
    };
    const open = await compileGbnf(buildCallGrammar("qwen3", [note], { parallel: false }));
    const capped = await compileGbnf(
      buildCallGrammar("qwen3", [note], { parallel: false, maxStringLength: 4, maxArrayItems: 1 }),
    );
    const call = (text: string, tags: string) =>
      `\n{"name": "note", "arguments": {"text": "${text}", "tags": [${tags}]}}\n</tool_call>`;
    assert.equal(open.accepts(call("a long note", '"x", "y"')), true);
    assert.equal(capped.accepts(call("a long note", '"x"')), false, "string over the cap");
    assert.equal(capped.accepts(call("abcd", '"x", "y"')), false, "array over the cap");
    assert.equal(capped.accepts(call("abcd", '"x"')), true);
    const xml = await compileGbnf(
      buildCallGrammar("qwen3.5", [note], { parallel: false, maxStringLength: 4 }),
    );
    const xmlCall = (text: string) =>
      `\n<function=note>\n<parameter=text>\n${text}\n</parameter>\n<parameter=tags>\n["x"]\n</parameter>\n</function>\n</tool_call>`;
    assert.equal(xml.accepts(xmlCall("abcd")), true);
    assert.equal(xml.accepts(xmlCall("abcde")), false);
  });

  it("names the tool and schema path of a recursive $ref", () => {
    const recursive: ToolDefinition = {
      name: "tree",
      parameters: {
        type: "object",
        properties: { root: { $ref: "#/$defs/node" } },
        $defs: {
          node: {
            type: "object",
            properties: { children: { type: "array", items: { $ref: "#/$defs/node" } } },
          },
        },
      },
    };
    assert.throws(
      () => buildCallGrammar("qwen3", [recursive], { parallel: false }),
      (error: unknown) =>
        isEdgecallError(error, "unsupported") &&
        error.message.includes("tools[tree].parameters/properties/root") &&
        error.message.includes("recursive"),
    );
  });

  it("rejects an empty tool list", () => {
    assert.throws(
      () => buildCallGrammar("json", [], { parallel: false }),
      (error: unknown) => isEdgecallError(error, "invalid-tools"),
    );
  });
});
