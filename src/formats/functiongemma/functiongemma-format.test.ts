import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { summariseParts, type ToolDefinition } from "../../messages.js";
import { detectFormat } from "../detect-format.js";
import { renderDeclaration } from "./declarations.js";
import { functionGemmaFormat } from "./functiongemma-format.js";

const parse = (text: string) => summariseParts(functionGemmaFormat.parse(text));
const errorOf = (text: string) => parse(text).errors[0]?.type;

/** The weather tool of the public formatting guide. */
const weatherTool: ToolDefinition = {
  name: "get_current_weather",
  description: "Gets the current weather in a given location.",
  parameters: {
    type: "object",
    properties: {
      location: {
        type: "string",
        description: 'The city and state, e.g. "San Francisco, CA" or "Tokyo, JP"',
      },
      unit: {
        type: "string",
        enum: ["celsius", "fahrenheit"],
        description: "The unit to return the temperature in.",
      },
    },
    required: ["location"],
  },
};

describe("functiongemma format", () => {
  it("parses the documented call, with text around it", () => {
    const summary = parse(
      "Let me check.<start_function_call>call:get_current_weather{location:<escape>Tokyo, Japan<escape>}<end_function_call>",
    );
    assert.equal(summary.content, "Let me check.");
    assert.deepEqual(summary.errors, []);
    assert.deepEqual(summary.toolCalls, [
      { name: "get_current_weather", arguments: { location: "Tokyo, Japan" } },
    ]);
  });

  it("reads every value kind: escaped strings, numbers, booleans, null, arrays, nested objects", () => {
    const summary = parse(
      '<start_function_call>call:f{s:<escape>a {b}, c: "d" <e><escape>, n:-3.5e2,i:0,t:true,f:false,z:null,' +
        "list:[1,<escape>x<escape>,[]],o:{k:{deep:[true]}},<escape>quoted key<escape>:1,e:<escape><escape>}<end_function_call>",
    );
    assert.deepEqual(summary.errors, []);
    assert.deepEqual(summary.toolCalls[0]?.arguments, {
      s: 'a {b}, c: "d" <e>',
      n: -350,
      i: 0,
      t: true,
      f: false,
      z: null,
      list: [1, "x", []],
      o: { k: { deep: [true] } },
      "quoted key": 1,
      e: "",
    });
  });

  it("reads parallel calls and ends the reply at a response the model imagines", () => {
    const summary = parse(
      "<start_function_call>call:a{}<end_function_call><start_function_call>call:b{x:1}<end_function_call>" +
        "<start_function_response>response:a{value:<escape>made up<escape>}<end_function_response>The answer is 4.",
    );
    assert.deepEqual(summary.toolCalls, [
      { name: "a", arguments: {} },
      { name: "b", arguments: { x: 1 } },
    ]);
    assert.equal(summary.content, "");
    assert.equal(parse("Plain answer.<end_of_turn>").content, "Plain answer.");
  });

  it("types malformed calls, never throwing", () => {
    assert.equal(errorOf("<start_function_call>call:f{s:<escape>never closed"), "truncated");
    assert.equal(errorOf("<start_function_call>call:f{s:<escape>x<escape>,n:"), "truncated");
    assert.equal(errorOf("<start_function_call>call:get_w"), "truncated");
    assert.equal(errorOf("<start_function_call>call:f{s:<escape>x}<end_function_call>"), "invalid-syntax");
    assert.equal(errorOf("<start_function_call>ca"), "truncated");
    assert.equal(errorOf("<start_function_call>call:f{}<end_func"), "truncated");
    assert.equal(errorOf("<start_function_call>call:f{a:1}"), "missing-close-tag");
    assert.equal(
      errorOf("<start_function_call>call:f{a:1}<start_function_call>call:g{}<end_function_call>"),
      "missing-close-tag",
    );
    assert.equal(errorOf("<start_function_call>call:f{city:Paris}<end_function_call>"), "invalid-syntax");
    assert.equal(errorOf("<start_function_call>call:{a:1}<end_function_call>"), "missing-name");
    assert.equal(errorOf("<start_function_call>get_weather{a:1}<end_function_call>"), "invalid-syntax");
    assert.equal(errorOf("<start_function_call>call:f{a:1} extra<end_function_call>"), "invalid-syntax");
    assert.equal(errorOf("<start_function_call>call:f{a:1,,}<end_function_call>"), "invalid-syntax");
    assert.equal(errorOf("<start_function_call>call:f(a=1)<end_function_call>"), "invalid-syntax");
    const bad = "<start_function_call>call:f{x:nope}<end_function_call>";
    assert.equal(parse(`Before ${bad} after`).errors[0]?.raw, bad);
    assert.equal(parse(`Before ${bad} after`).content, "Before  after");
  });

  it("keeps keys that name Object.prototype members as plain data", () => {
    const call = parse("<start_function_call>call:f{__proto__:{polluted:true}}<end_function_call>")
      .toolCalls[0];
    assert.deepEqual(Object.keys(call?.arguments ?? {}), ["__proto__"]);
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });

  it("declares a tool as the formatting guide shows: sorted keys, upper-case types, escaped strings", () => {
    assert.equal(
      renderDeclaration(weatherTool),
      "<start_function_declaration>declaration:get_current_weather{description:<escape>Gets the current weather in a given location.<escape>," +
        'parameters:{properties:{location:{description:<escape>The city and state, e.g. "San Francisco, CA" or "Tokyo, JP"<escape>,type:<escape>STRING<escape>},' +
        "unit:{description:<escape>The unit to return the temperature in.<escape>,enum:[<escape>celsius<escape>,<escape>fahrenheit<escape>],type:<escape>STRING<escape>}}," +
        "required:[<escape>location<escape>],type:<escape>OBJECT<escape>}}<end_function_declaration>",
    );
    // A property called "type" keeps its name; only schema types are upper-cased.
    const odd = renderDeclaration({
      name: "g",
      parameters: { type: "object", properties: { type: { type: ["string", "null"] } } },
    });
    assert.ok(odd.includes("properties:{type:{type:[<escape>STRING<escape>,<escape>NULL<escape>]}}"), odd);
  });

  it("renders the developer turn, calls, results in the model's turn and no header after results", () => {
    const conversation = [
      { role: "system" as const, content: "Be brief." },
      { role: "user" as const, content: "Weather in Tokyo?" },
      {
        role: "assistant" as const,
        content: "",
        toolCalls: [{ name: "get_current_weather", arguments: { location: "Tokyo", unit: "celsius" } }],
      },
      { role: "tool" as const, content: '{"temperature": 15}' },
    ];
    const prompt = functionGemmaFormat.render(conversation, [weatherTool]);
    assert.ok(
      prompt.startsWith(
        "<start_of_turn>developer\nBe brief.\nYou are a model that can do function calling with the following functions<start_function_declaration>declaration:get_current_weather{",
      ),
      prompt,
    );
    assert.ok(
      prompt.endsWith(
        "<end_function_declaration><end_of_turn>\n<start_of_turn>user\nWeather in Tokyo?<end_of_turn>\n<start_of_turn>model\n" +
          "<start_function_call>call:get_current_weather{location:<escape>Tokyo<escape>,unit:<escape>celsius<escape>}<end_function_call>" +
          '<start_function_response>response:get_current_weather{value:<escape>{"temperature": 15}<escape>}<end_function_response>',
      ),
      prompt,
    );
    const answered = functionGemmaFormat.render(
      [...conversation, { role: "assistant", content: "15 degrees." }, { role: "user", content: "Thanks" }],
      [weatherTool],
    );
    assert.ok(
      answered.endsWith(
        "<end_function_response>15 degrees.<end_of_turn>\n<start_of_turn>user\nThanks<end_of_turn>\n<start_of_turn>model\n",
      ),
      answered,
    );
    assert.equal(
      functionGemmaFormat.render([{ role: "user", content: "Hi" }], []),
      "<start_of_turn>user\nHi<end_of_turn>\n<start_of_turn>model\n",
    );
  });

  it("is detected from a template that declares or calls functions", () => {
    assert.equal(detectFormat("{{ '<start_function_declaration>declaration:' + name }}"), "functiongemma");
    assert.equal(detectFormat("{{ '<start_function_call>call:' }}"), "functiongemma");
    assert.equal(detectFormat("<start_of_turn>user\n{{ content }}<end_of_turn>"), undefined);
  });
});
