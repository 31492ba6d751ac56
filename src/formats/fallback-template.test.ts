import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { ChatMessage, ToolDefinition } from "../messages.js";
import { renderChatTemplate } from "./chat-template.js";
import { gemmaTurnsTemplate, templateFallback, templateFallbackLine } from "./fallback-template.js";

const tools: ToolDefinition[] = [
  { name: "get_time", description: "The time", parameters: { type: "object", properties: {} } },
];

describe("template fallback", () => {
  test("Gemma files get Gemma's turns; others keep their format's prompt", () => {
    assert.equal(templateFallback("gemma3", "json").name, "gemma-turns");
    assert.equal(templateFallback("gemma3", "json").template, gemmaTurnsTemplate);
    assert.deepEqual(templateFallback("llama", "json"), { name: "json-format-prompt", template: undefined });
    assert.match(templateFallbackLine("gemma-turns")!, /no chat template.*Gemma's turn format.*--raw/);
    assert.match(templateFallbackLine("json-format-prompt")!, /json format's own prompt \(ChatML\)/);
    assert.equal(templateFallbackLine(undefined), undefined);
  });

  test("--format functiongemma keeps FunctionGemma's own prompt, on Gemma files too", () => {
    assert.deepEqual(templateFallback("gemma3", "functiongemma"), {
      name: "functiongemma-format-prompt",
      template: undefined,
    });
    assert.match(templateFallbackLine("functiongemma-format-prompt")!, /developer turn/);
  });

  test("the system text folds into the first user turn; assistant turns are model turns", () => {
    const messages: ChatMessage[] = [
      { role: "system", content: "Be brief." },
      { role: "user", content: "Hi" },
      { role: "assistant", content: "Hello." },
      { role: "user", content: "Bye" },
    ];
    assert.equal(
      renderChatTemplate(gemmaTurnsTemplate, messages, [], { bosToken: "<bos>" }),
      "<bos><start_of_turn>user\nBe brief.\n\nHi<end_of_turn>\n<start_of_turn>model\nHello.<end_of_turn>\n" +
        "<start_of_turn>user\nBye<end_of_turn>\n<start_of_turn>model\n",
    );
  });

  test("tools are listed as JSON in the first user turn; calls and results are rendered", () => {
    const text = renderChatTemplate(
      gemmaTurnsTemplate,
      [
        { role: "user", content: "Time?" },
        { role: "assistant", content: "", toolCalls: [{ id: "c1", name: "get_time", arguments: {} }] },
        { role: "tool", toolCallId: "c1", name: "get_time", content: '{"t": 1}' },
      ],
      tools,
      { bosToken: "<bos>", addGenerationPrompt: false },
    );
    assert.ok(text.startsWith("<bos><start_of_turn>user\nYou can call the functions"));
    assert.ok(text.includes('"name": "get_time", "description": "The time"'));
    assert.ok(
      text.includes('\n\nTime?<end_of_turn>\n<start_of_turn>model\n{"name": "get_time", "arguments": {}}'),
    );
    assert.ok(text.endsWith('<start_of_turn>user\nTool result from get_time:\n{"t": 1}<end_of_turn>\n'));
  });
});
