import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { qwen3Template } from "../gguf/synth/templates/qwen3.js";
import { templateShowsTools } from "./template-tools.js";

/** A ChatML template that renders roles and contents only, as SmolLM2-135M-Instruct's does. */
const contentOnlyChatML = `{% for message in messages %}{{ '<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>' + '\\n' }}{% endfor %}{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}`;

describe("templateShowsTools", () => {
  it("is true for a template that lists the tools (qwen3)", () => {
    assert.equal(templateShowsTools(qwen3Template), true);
  });

  it("is false for a template that renders only roles and contents", () => {
    assert.equal(templateShowsTools(contentOnlyChatML), false);
  });

  it("counts a template that cannot render as showing tools (its error comes on the real render)", () => {
    assert.equal(templateShowsTools("{% for x in %}"), true);
  });
});
