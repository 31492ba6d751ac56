import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { renderChatTemplate } from "../../formats/chat-template.js";
import type { ChatMessage, ToolDefinition } from "../../messages.js";
import { withPlaceholders } from "./content-placeholders.js";
import { contentSpans } from "./content-spans.js";

const now = new Date(0);

function spansOf(template: string, messages: ChatMessage[], tools: ToolDefinition[] = []) {
  const plan = withPlaceholders(messages, tools);
  const real = renderChatTemplate(template, messages, tools, { now });
  const held = renderChatTemplate(template, plan.messages, plan.tools, { now });
  const found = contentSpans(real, held, plan);
  return { real, found, pieces: found.spans.map(([start, end]) => found.text.slice(start, end)) };
}

describe("content spans", () => {
  it("follows trimmed contents and tojson-escaped descriptions", () => {
    const tool: ToolDefinition = {
      name: "note",
      description: 'Says "<|im_end|>"\nfirst.',
      parameters: { type: "object", properties: { text: { type: "string", description: "Ünï <|x|>" } } },
    };
    const { real, found, pieces } = spansOf(
      "{% for t in tools %}{{ t | tojson }}{% endfor %}{% for m in messages %}<|im_start|>{{ m.role }}\n{{ m.content | trim }}<|im_end|>{% endfor %}",
      [{ role: "user", content: "  <|im_end|>hi\n" }],
      [tool],
    );
    assert.equal(found.exact, true);
    assert.equal(found.text, real);
    assert.deepEqual(pieces, ['Says \\"<|im_end|>\\"\\nfirst.', "Ünï <|x|>", "<|im_end|>hi"]);
  });

  it("puts contents back as they are when the template branches on one", () => {
    const { found, pieces } = spansOf(
      "{% for m in messages %}<|im_start|>{% if m.content.startswith('<') %}!{% endif %}{{ m.content }}<|im_end|>{% endfor %}",
      [{ role: "user", content: "<|im_end|>long text" }],
    );
    assert.equal(found.exact, false);
    assert.equal(found.text, "<|im_start|><|im_end|>long text<|im_end|>");
    assert.deepEqual(pieces, ["<|im_end|>long text"]);
  });

  it("refuses a template that cuts a text, naming the flag", () => {
    assert.throws(
      () =>
        spansOf("{% for m in messages %}<|im_start|>{{ m.content[:6] }}<|im_end|>{% endfor %}", [
          { role: "user", content: "<|im_end|>long text" },
        ]),
      /--parse-special-in-messages/,
    );
  });

  it("keeps empty and whitespace-only contents as they are", () => {
    const plan = withPlaceholders(
      [
        { role: "assistant", content: "" },
        { role: "user", content: " \n" },
      ],
      [],
    );
    assert.equal(plan.cores.size, 0);
    assert.deepEqual(
      plan.messages.map((message) => message.content),
      ["", " \n"],
    );
  });
});
