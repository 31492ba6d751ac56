import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { isEdgecallError } from "../errors.js";
import type { ChatMessage } from "../messages.js";
import { formatStrftime, patchTemplate, renderChatTemplate } from "./chat-template.js";
import {
  officialTemplates,
  readOfficialTemplate,
  toolConversation,
  weatherTool,
} from "./official-templates.test-support.js";
import { getFormat } from "./registry.js";

/** How each official template writes the conversation's call. */
const expectedCallText: Record<string, string> = {
  "Qwen-Qwen3-0.6B.jinja":
    '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris", "days": 2}}\n</tool_call>',
  "Qwen3.5-4B.jinja":
    "<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n<parameter=days>\n2\n</parameter>\n</function>\n</tool_call>",
  "LFM2.5-Instruct.jinja": '<|tool_call_start|>[get_weather(city="Paris", days=2)]<|tool_call_end|>',
  "LFM2-8B-A1B.jinja": '<|tool_call_start|>[get_weather(city="Paris", days=2)]<|tool_call_end|>',
  "openbmb-MiniCPM5-1B.jinja":
    '<function name="get_weather"><param name="city">Paris</param><param name="days">2</param></function>',
  "meta-llama-Llama-3.2-3B-Instruct.jinja":
    '{"name": "get_weather", "parameters": {"city": "Paris", "days": 2}}',
  "mistralai-Mistral-Nemo-Instruct-2407.jinja":
    '[TOOL_CALLS][{"name": "get_weather", "arguments": {"city": "Paris", "days": 2}, "id": "abcDEF123"}]</s>',
  "Mistral-Small-3.2-24B-Instruct-2506.jinja":
    '[TOOL_CALLS]get_weather[CALL_ID]abcDEF123[ARGS]{"city": "Paris", "days": 2}</s>',
  "mistralai-Ministral-3-14B-Reasoning-2512.jinja":
    '[TOOL_CALLS]get_weather[ARGS]{"city": "Paris", "days": 2}</s>',
};

const options = { bosToken: "<s>", eosToken: "</s>", now: new Date(Date.UTC(2025, 0, 5, 12)) };

describe("renderChatTemplate with the official templates", () => {
  for (const { file, format } of officialTemplates) {
    it(`renders ${file} with tools, a call and its result`, () => {
      const prompt = renderChatTemplate(readOfficialTemplate(file), toolConversation, [weatherTool], options);
      const callText = expectedCallText[file] ?? "missing expectation";
      assert.ok(prompt.includes(callText), `${file} should contain ${callText}\n---\n${prompt}`);
      assert.ok(
        prompt.includes("get_weather") && prompt.includes("Current weather for a city"),
        "tools are listed",
      );
      assert.ok(prompt.includes("21"), "the tool result is rendered");
      const parsed = getFormat(format).parse(callText, [weatherTool]);
      assert.deepEqual(
        parsed
          .filter((part) => part.type === "tool-call")
          .map((part) => part.type === "tool-call" && { ...part.toolCall, id: undefined }),
        [{ id: undefined, name: "get_weather", arguments: { city: "Paris", days: 2 } }],
        `the ${format} parser reads the template's call`,
      );
    });
  }

  it("passes strftime_now a fixed date and honours enable_thinking", () => {
    const llama = renderChatTemplate(
      readOfficialTemplate("meta-llama-Llama-3.2-3B-Instruct.jinja"),
      toolConversation,
      [weatherTool],
      options,
    );
    assert.ok(llama.includes("Today Date: 05 Jan 2025\n"));
    const qwen = readOfficialTemplate("Qwen-Qwen3-0.6B.jinja");
    const messages: ChatMessage[] = [{ role: "user", content: "hi" }];
    assert.ok(
      renderChatTemplate(qwen, messages, [], { enableThinking: false }).endsWith(
        "<|im_start|>assistant\n<think>\n\n</think>\n\n",
      ),
    );
    assert.ok(renderChatTemplate(qwen, messages, []).endsWith("<|im_start|>assistant\n"));
    assert.ok(!renderChatTemplate(qwen, messages, [], { addGenerationPrompt: false }).includes("assistant"));
  });

  it("gives calls without ids 9-character ids that tool results refer to", () => {
    const messages: ChatMessage[] = [
      { role: "user", content: "Weather?" },
      { role: "assistant", content: "", toolCalls: [{ name: "get_weather", arguments: { city: "Rome" } }] },
      { role: "tool", content: "sunny" },
    ];
    const prompt = renderChatTemplate(
      readOfficialTemplate("Mistral-Small-3.2-24B-Instruct-2506.jinja"),
      messages,
      [weatherTool],
      options,
    );
    assert.ok(prompt.includes('[TOOL_CALLS]get_weather[CALL_ID]call00001[ARGS]{"city": "Rome"}'));
    assert.ok(prompt.includes("[TOOL_RESULTS]call00001[TOOL_CONTENT]sunny[/TOOL_RESULTS]"));
  });

  it("passes reasoning_content and extra variables", () => {
    const template =
      "{% for m in messages %}{{ m.role }}:{{ m.reasoning_content or '' }}|{{ m.content }};{% endfor %}{{ flavour }}";
    const messages: ChatMessage[] = [{ role: "assistant", content: "A", reasoning: "R" }];
    assert.equal(
      renderChatTemplate(template, messages, undefined, { extra: { flavour: "x" } }),
      "assistant:R|A;x",
    );
  });
});

describe("renderChatTemplate errors and workarounds", () => {
  it("reports syntax errors and raise_exception as invalid-argument", () => {
    const check = (template: string, pattern: RegExp) =>
      assert.throws(
        () => renderChatTemplate(template, [{ role: "user", content: "x" }], []),
        (error: unknown) =>
          isEdgecallError(error, "invalid-argument") &&
          /^chat template: /.test(error.message) &&
          pattern.test(error.message),
      );
    check("{% if %}", /./);
    check("{{ raise_exception('Only user roles are supported') }}", /Only user roles are supported/);
  });

  it("rewrites list min/max filters that @huggingface/jinja lacks", () => {
    assert.equal(
      patchTemplate("{% set n = [a, b.c]|min %}"),
      "{% set n = ((a) if (a) < (b.c) else (b.c)) %}",
    );
    assert.equal(renderChatTemplate("{{ [3, 5]|min }}-{{ [3, 5] | max }}", [], []), "3-5");
  });

  it("formats strftime directives in English, in UTC", () => {
    const date = new Date(Date.UTC(2024, 6, 26, 9, 5));
    assert.equal(formatStrftime(date, "%d %b %Y %B %A %H:%M %%"), "26 Jul 2024 July Friday 09:05 %");
  });
});
