import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { renderChatTemplate } from "../../../formats/chat-template.js";
import { detectFormat } from "../../../formats/detect-format.js";
import { functionGemmaFormat } from "../../../formats/functiongemma/functiongemma-format.js";
import type { ChatMessage, ToolDefinition } from "../../../messages.js";
import { functionGemmaTemplate } from "./functiongemma.js";

const tools: ToolDefinition[] = [
  {
    name: "get_weather",
    description: "Weather for a city",
    parameters: {
      type: "object",
      properties: {
        city: { type: "string", description: 'e.g. "Paris, FR"' },
        unit: { type: "string", enum: ["celsius", "fahrenheit"] },
        days: { type: ["integer", "null"], minimum: 1 },
        type: { type: "object", properties: { Zeta: { type: "boolean" }, alpha: { type: "number" } } },
        tags: { type: "array", items: { type: "string" } },
      },
      required: ["city"],
    },
  },
  { name: "list_files", parameters: { type: "object", properties: {} } },
];

const calls = [
  {
    name: "get_weather",
    arguments: { city: "Oslo", days: 2, type: { alpha: 0.5, Zeta: false }, tags: ["a", "b"] },
  },
  { name: "list_files", arguments: {} },
];

const conversations: Record<string, ChatMessage[]> = {
  "a full exchange": [
    { role: "system", content: "  Be brief.  " },
    { role: "user", content: "Weather in Oslo, and my files?" },
    { role: "assistant", content: "Checking.", toolCalls: calls },
    { role: "tool", content: '{"temp": 9}', name: "get_weather" },
    { role: "tool", content: "a.txt\nb.txt", name: "list_files" },
    { role: "assistant", content: "9 degrees; two files." },
    { role: "user", content: "Thanks" },
  ],
  "ending on tool results": [
    { role: "user", content: "Files?" },
    { role: "assistant", content: "", toolCalls: [{ name: "list_files", arguments: {} }] },
    { role: "tool", content: "none", name: "list_files" },
  ],
  "a plain chat": [{ role: "user", content: "Hello" }],
  "the switch line as system text": [
    { role: "system", content: "You are a model that can do function calling with the following functions" },
    { role: "user", content: "Hi" },
  ],
};

describe("functiongemma chat template", () => {
  for (const [label, messages] of Object.entries(conversations)) {
    for (const offered of [tools, []]) {
      for (const addGenerationPrompt of [true, false]) {
        test(`renders ${label} as the format's renderer does (${offered.length} tools, generation prompt ${addGenerationPrompt})`, () => {
          const fromTemplate = renderChatTemplate(functionGemmaTemplate, messages, offered, {
            bosToken: "<bos>",
            addGenerationPrompt,
          });
          const fromFormat = functionGemmaFormat.render(messages, offered, { addGenerationPrompt });
          assert.equal(fromTemplate, `<bos>${fromFormat}`);
        });
      }
    }
  }

  test("declares tools in the developer turn and is detected as functiongemma", () => {
    const text = renderChatTemplate(functionGemmaTemplate, conversations["a full exchange"]!, tools);
    assert.ok(
      text.startsWith(
        '<start_of_turn>developer\nBe brief.\nYou are a model that can do function calling with the following functions<start_function_declaration>declaration:get_weather{description:<escape>Weather for a city<escape>,parameters:{properties:{city:{description:<escape>e.g. "Paris, FR"<escape>,type:<escape>STRING<escape>},days:{minimum:1,type:[<escape>INTEGER<escape>,<escape>NULL<escape>]},',
      ),
      text,
    );
    assert.ok(
      text.includes(
        "type:{properties:{alpha:{type:<escape>NUMBER<escape>},Zeta:{type:<escape>BOOLEAN<escape>}}",
      ),
    );
    assert.ok(
      text.includes(
        "<start_of_turn>model\nChecking.<start_function_call>call:get_weather{city:<escape>Oslo<escape>,days:2,tags:[<escape>a<escape>,<escape>b<escape>],type:{alpha:0.5,Zeta:false}}<end_function_call>" +
          '<start_function_call>call:list_files{}<end_function_call><start_function_response>response:get_weather{value:<escape>{"temp": 9}<escape>}<end_function_response>',
      ),
    );
    assert.equal(detectFormat(functionGemmaTemplate), "functiongemma");
  });
});
