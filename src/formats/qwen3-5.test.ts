import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { summariseParts } from "../messages.js";
import { qwen35Format } from "./qwen3-5.js";

const tools = [
  {
    name: "write_file",
    parameters: {
      type: "object",
      properties: {
        path: { type: "string" },
        content: { type: "string" },
        mode: { type: "integer" },
        overwrite: { type: "boolean" },
        tags: { type: "array", items: { type: "string" } },
        owner: { anyOf: [{ type: "string" }, { type: "null" }] },
      },
    },
  },
];
const parse = (text: string) => summariseParts(qwen35Format.parse(text, tools));

describe("qwen3.5 format", () => {
  it("parses a generated reply: open think block, text, then typed multi-line parameters", () => {
    const output = [
      "The user wants a file.\n</think>\n\nWriting it now.\n\n<tool_call>\n<function=write_file>",
      "<parameter=path>\n/tmp/notes.txt\n</parameter>",
      "<parameter=content>\ndef f():\n    return 1 < 2\n\n</parameter>",
      "<parameter=mode>\n420\n</parameter>",
      "<parameter=overwrite>\ntrue\n</parameter>",
      '<parameter=tags>\n["a", "ü"]\n</parameter>',
      "<parameter=owner>\nnull\n</parameter>",
      "</function>\n</tool_call>",
    ].join("\n");
    const summary = parse(output);
    assert.equal(summary.reasoning, "The user wants a file.");
    assert.equal(summary.content, "Writing it now.");
    assert.deepEqual(summary.toolCalls, [
      {
        name: "write_file",
        arguments: {
          path: "/tmp/notes.txt",
          content: "def f():\n    return 1 < 2\n",
          mode: 420,
          overwrite: true,
          tags: ["a", "ü"],
          owner: null,
        },
      },
    ]);
  });

  it("parses parallel calls and guesses types when the tool is unknown", () => {
    const block = (city: string, days: string) =>
      `<tool_call>\n<function=get_weather>\n<parameter=city>\n${city}\n</parameter>\n<parameter=days>\n${days}\n</parameter>\n</function>\n</tool_call>`;
    const summary = parse(`${block("Paris", "3")}\n${block("New York", '{"a": 1}')}`);
    assert.deepEqual(summary.toolCalls, [
      { name: "get_weather", arguments: { city: "Paris", days: 3 } },
      { name: "get_weather", arguments: { city: "New York", days: { a: 1 } } },
    ]);
  });

  it("types malformed calls", () => {
    const head = "<tool_call>\n<function=write_file>\n";
    assert.equal(parse(`${head}<parameter=path>\n/tmp/a`).errors[0]?.type, "truncated");
    assert.equal(
      parse(`${head}<parameter=path>\n/tmp/a\n</parameter>\n</tool_call>`).errors[0]?.type,
      "missing-close-tag",
    );
    assert.equal(
      parse(`${head}<parameter=path>\n/tmp/a\n</parameter>\n</function>\n`).errors[0]?.type,
      "missing-close-tag",
    );
    const unclosedParameter = parse(
      `${head}<parameter=path>\na\n<parameter=mode>\n1\n</parameter>\n</function>\n</tool_call>`,
    );
    assert.equal(unclosedParameter.errors[0]?.type, "missing-close-tag");
    assert.match(unclosedParameter.errors[0]?.message ?? "", /parameter path/);
    assert.equal(
      parse("<tool_call>\n<function=>\n</function>\n</tool_call>").errors[0]?.type,
      "missing-name",
    );
    assert.equal(parse('<tool_call>\n{"name": "f"}\n</tool_call>').errors[0]?.type, "invalid-syntax");
    assert.equal(parse("<tool_call>\n<func").errors[0]?.type, "truncated");
  });

  it("renders tools first in the system turn, then the user's system text, and opens <think>", () => {
    const prompt = qwen35Format.render(
      [
        { role: "system", content: "Be careful." },
        { role: "user", content: "Save it." },
        {
          role: "assistant",
          content: "Saving.",
          toolCalls: [{ name: "write_file", arguments: { path: "a.txt", content: "x\ny", mode: 7 } }],
        },
        { role: "tool", content: "ok" },
      ],
      tools,
    );
    assert.ok(prompt.startsWith("<|im_start|>system\n# Tools"));
    assert.ok(prompt.includes("</IMPORTANT>\n\nBe careful.<|im_end|>"));
    assert.ok(
      prompt.includes(
        "Saving.\n\n<tool_call>\n<function=write_file>\n<parameter=path>\na.txt\n</parameter>\n<parameter=content>\nx\ny\n</parameter>\n<parameter=mode>\n7\n</parameter>\n</function>\n</tool_call><|im_end|>",
      ),
    );
    assert.ok(prompt.endsWith("<|im_start|>assistant\n<think>\n"));
  });
});
