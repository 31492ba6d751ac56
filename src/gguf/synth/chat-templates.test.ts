import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { Template } from "@huggingface/jinja";
import { JinjaTemplateChatWrapper } from "node-llama-cpp";
import { isEdgecallError } from "../../errors.js";
import { type ChatTemplateName, chatTemplate, chatTemplateNames } from "./chat-templates.js";

const tools = [
  {
    type: "function",
    function: {
      name: "get_weather",
      description: "Current weather for a city",
      parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
    },
  },
];

const conversation = [
  { role: "system", content: "You are a terse assistant." },
  { role: "user", content: "Weather in Paris and Oslo?" },
  {
    role: "assistant",
    content: "",
    tool_calls: [
      { id: "abcDEF123", type: "function", function: { name: "get_weather", arguments: { city: "Paris" } } },
      { id: "ghiJKL456", type: "function", function: { name: "get_weather", arguments: { city: "Oslo" } } },
    ],
  },
  { role: "tool", tool_call_id: "abcDEF123", content: '{"temp": 21}' },
  { role: "tool", tool_call_id: "ghiJKL456", content: '{"temp": 9}' },
  { role: "user", content: "Thanks!" },
];

function render(name: ChatTemplateName, messages: unknown[] = conversation, withTools = true): string {
  return new Template(chatTemplate(name)).render({
    messages,
    tools: withTools ? tools : undefined,
    add_generation_prompt: true,
    bos_token: "<BOS>",
    eos_token: "<EOS>",
  });
}

const markers: Record<ChatTemplateName, string[]> = {
  qwen3: ["<tool_call>", "tool_call.arguments | tojson"],
  "qwen3.5": ["<tool_call>", "<function=", "<parameter="],
  lfm2: ["List of tools: [", "<|tool_call_start|>"],
  minicpm5: ["Tool usage guidelines:", '<function name="', '<param name="'],
  llama3: ["<|start_header_id|>", "ipython", '"parameters"'],
  mistral: ["[AVAILABLE_TOOLS]", "[TOOL_CALLS]"],
  functiongemma: ["<start_of_turn>developer", "<start_function_declaration>", "<start_function_call>"],
  // Shows no tools and writes no calls, by design (SmolLM2's kind): only its turn markers.
  "chatml-plain": ["<|im_start|>", "<|im_end|>"],
};

describe("chat templates", () => {
  test("each template carries its family's detection markers", () => {
    for (const name of chatTemplateNames) {
      for (const marker of markers[name])
        assert.ok(chatTemplate(name).includes(marker), `${name}: ${marker}`);
    }
    assert.ok(!chatTemplate("lfm2").includes("<|tool_list_start|>"), "lfm2 is detected as LFM2.5");
  });

  test("qwen3 renders Hermes JSON calls and grouped tool responses", () => {
    const text = render("qwen3");
    assert.ok(text.startsWith("<|im_start|>system\nYou are a terse assistant.\n\n# Tools"));
    assert.ok(text.includes('\n<tools>\n{"type": "function", "function": {"name": "get_weather"'));
    assert.ok(
      text.includes(
        '<|im_start|>assistant\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>\n' +
          '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Oslo"}}\n</tool_call><|im_end|>\n',
      ),
    );
    assert.ok(
      text.includes(
        '<|im_start|>user\n<tool_response>\n{"temp": 21}\n</tool_response>\n<tool_response>\n{"temp": 9}\n</tool_response><|im_end|>\n',
      ),
    );
    assert.ok(text.endsWith("<|im_start|>user\nThanks!<|im_end|>\n<|im_start|>assistant\n"));
  });

  test("qwen3.5 renders XML calls after the tools block and opens <think>", () => {
    const text = render("qwen3.5");
    assert.ok(text.startsWith("<|im_start|>system\n# Tools\n"));
    assert.ok(
      text.includes("</IMPORTANT>\n\nYou are a terse assistant.<|im_end|>"),
      "system text after tools",
    );
    assert.ok(
      text.includes(
        "<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n</function>\n</tool_call>\n<tool_call>\n<function=get_weather>",
      ),
    );
    assert.ok(text.endsWith("<|im_start|>assistant\n<think>\n"));
    const noThinking = new Template(chatTemplate("qwen3.5")).render({
      messages: [{ role: "user", content: "hi" }],
      add_generation_prompt: true,
      enable_thinking: false,
    });
    assert.equal(
      noThinking,
      "<|im_start|>user\nhi<|im_end|>\n<|im_start|>assistant\n<think>\n\n</think>\n\n",
    );
  });

  test("lfm2 renders the tool list in the system turn and pythonic calls", () => {
    const text = render("lfm2");
    assert.ok(
      text.startsWith(
        '<BOS><|im_start|>system\nYou are a terse assistant.\nList of tools: [{"type": "function"',
      ),
    );
    assert.ok(
      text.includes(
        '<|im_start|>assistant\n<|tool_call_start|>[get_weather(city="Paris"), get_weather(city="Oslo")]<|tool_call_end|><|im_end|>',
      ),
    );
    assert.ok(
      text.includes('<|im_start|>tool\n{"temp": 21}<|im_end|>\n<|im_start|>tool\n{"temp": 9}<|im_end|>'),
    );
    const literals = render("lfm2", [
      { role: "user", content: "x" },
      {
        role: "assistant",
        content: "",
        tool_calls: [{ function: { name: "f", arguments: { a: 'say "hi"', b: true, c: null, d: 2.5 } } }],
      },
    ]);
    assert.ok(literals.includes('[f(a="say \\"hi\\"", b=True, c=None, d=2.5)]'), literals);
  });

  test("minicpm5 renders function/param tags with CDATA for awkward values", () => {
    const text = render("minicpm5");
    assert.ok(text.startsWith("<BOS><|im_start|>system\nYou are a terse assistant.\n\n# Tools"));
    assert.ok(
      text.includes(
        '<function name="get_weather"><param name="city">Paris</param></function>\n<function name="get_weather">',
      ),
    );
    const cdata = render("minicpm5", [
      { role: "user", content: "x" },
      {
        role: "assistant",
        content: "",
        tool_calls: [{ function: { name: "w", arguments: { body: "a < b\nc" } } }],
      },
    ]);
    assert.ok(cdata.includes('<param name="body"><![CDATA[a < b\nc]]></param>'));
  });

  test("llama3 puts tools in the first user turn and results in ipython turns", () => {
    const text = render("llama3");
    assert.ok(text.startsWith("<BOS><|start_header_id|>system<|end_header_id|>\n\nEnvironment: ipython\n"));
    assert.ok(text.includes('"name": "get_weather"'));
    assert.ok(text.includes("Weather in Paris and Oslo?<|eot_id|>"));
    assert.ok(text.includes('{"name": "get_weather", "parameters": {"city": "Paris"}}'));
    assert.ok(text.includes('<|start_header_id|>ipython<|end_header_id|>\n\n{"temp": 21}<|eot_id|>'));
    assert.ok(text.endsWith("<|start_header_id|>assistant<|end_header_id|>\n\n"));
  });

  test("mistral lists tools before the last user turn and writes [TOOL_CALLS] with ids", () => {
    const text = render("mistral");
    assert.ok(text.startsWith("<BOS>[INST]Weather in Paris and Oslo?[/INST][TOOL_CALLS]["));
    assert.ok(text.includes('{"name": "get_weather", "arguments": {"city": "Paris"}, "id": "abcDEF123"}'));
    assert.ok(
      text.includes('[TOOL_RESULTS]{"content": "{\\"temp\\": 21}", "call_id": "abcDEF123"}[/TOOL_RESULTS]'),
    );
    assert.ok(text.endsWith("[/AVAILABLE_TOOLS][INST]You are a terse assistant.\n\nThanks![/INST]"));
  });

  test("every template renders plain chats; all but qwen3.5 accept JSON-string arguments", () => {
    const stringCall = [
      { role: "user", content: "Hi" },
      { role: "assistant", content: null, tool_calls: [{ function: { name: "f", arguments: '{"a": 1}' } }] },
    ];
    for (const name of chatTemplateNames) {
      assert.ok(render(name, [{ role: "user", content: "Hello" }], false).includes("Hello"), name);
      // chatml-plain never writes calls, as the files it stands for do not.
      if (name !== "qwen3.5" && name !== "chatml-plain")
        assert.ok(render(name, stringCall).includes("f"), name);
    }
    // Like the official Qwen3.5 template, arguments must be an object (one <parameter=...> per key).
    assert.throws(() => render("qwen3.5", stringCall), /arguments must be an object/);
  });

  test("node-llama-cpp accepts every template and finds a function-call syntax", () => {
    for (const name of chatTemplateNames) {
      if (name === "chatml-plain") continue; // shows no tools: there is no call syntax to find
      const wrapper = new JinjaTemplateChatWrapper({ template: chatTemplate(name) });
      assert.ok(wrapper.settings.functions.call.paramsPrefix, name);
    }
  });

  test("unknown names are usage errors listing the valid ones", () => {
    assert.throws(
      () => chatTemplate("chatml"),
      (error: unknown) => isEdgecallError(error, "usage") && /qwen3, qwen3\.5, lfm2/.test(error.message),
    );
  });
});
