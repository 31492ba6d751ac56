import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { detectFormat } from "./detect-format.js";
import { officialTemplates, readOfficialTemplate } from "./official-templates.test-support.js";

describe("detectFormat", () => {
  for (const { file, format } of officialTemplates) {
    it(`detects ${format} in the official ${file}`, () => {
      assert.equal(detectFormat(readOfficialTemplate(file)), format);
    });
  }

  it("detects each family from small templates of our own", () => {
    const cases: Array<[string, string]> = [
      ["{% for t in tools %}<function={{ t.name }}><parameter=x>{% endfor %}<tool_call>", "qwen3.5"],
      ['{{ "<tool_call>" }}{{ call.arguments | tojson }}{{ "</tool_call>" }}', "qwen3"],
      ['<tool_call>\n{"name": x, "arguments": y}', "qwen3"],
      ["List of tools: [{{ tools }}]", "lfm2"],
      ["<|tool_list_start|>{{ tools }}<|tool_list_end|>", "lfm2"],
      ["{{ '<|tool_call_start|>' }}", "lfm2"],
      ['<function name="{{ n }}"><param name="{{ p }}">', "minicpm"],
      ["Tool usage guidelines:\n- be careful", "minicpm"],
      ["<|start_header_id|>ipython<|end_header_id|>", "llama3"],
      ['<|start_header_id|>user<|end_header_id|>{"name": f, "parameters": p}', "llama3"],
      ["[AVAILABLE_TOOLS]{{ tools | tojson }}[/AVAILABLE_TOOLS]", "mistral"],
      ["[TOOL_CALLS]{{ name }}", "mistral"],
    ];
    for (const [template, expected] of cases) assert.equal(detectFormat(template), expected, template);
  });

  it("returns undefined for templates without tool markers and for no template", () => {
    assert.equal(
      detectFormat("{% for m in messages %}<|im_start|>{{ m.role }}\n{{ m.content }}<|im_end|>{% endfor %}"),
      undefined,
    );
    assert.equal(detectFormat("<|start_header_id|>user<|end_header_id|>{{ m.content }}"), undefined);
    assert.equal(detectFormat(""), undefined);
    assert.equal(detectFormat(undefined), undefined);
  });
});
