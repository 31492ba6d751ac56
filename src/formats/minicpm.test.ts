import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { summariseParts } from "../messages.js";
import { minicpmFormat } from "./minicpm.js";

const tools = [
  {
    name: "run_code",
    parameters: {
      type: "object",
      properties: {
        code: { type: "string" },
        timeout: { type: "number" },
        env: { type: "object" },
        id: { type: "string" },
      },
    },
  },
];
const parse = (text: string) => summariseParts(minicpmFormat.parse(text, tools));

describe("minicpm format", () => {
  it("parses calls with CDATA, typed values, no-arg calls and text before", () => {
    const output =
      "<think>\nRun it.\n</think>\n\nRunning your code.\n" +
      '<function name="run_code"><param name="code"><![CDATA[if a < b && c:\n    print("</param>")]]></param><param name="timeout">2.5</param><param name="env">{"LANG": "de_DE"}</param><param name="id">007</param></function>\n' +
      '<function name="list_files"></function>';
    const summary = parse(output);
    assert.equal(summary.reasoning, "Run it.");
    assert.equal(summary.content, "Running your code.");
    assert.deepEqual(summary.toolCalls, [
      {
        name: "run_code",
        arguments: {
          code: 'if a < b && c:\n    print("</param>")',
          timeout: 2.5,
          env: { LANG: "de_DE" },
          id: "007",
        },
      },
      { name: "list_files", arguments: {} },
    ]);
  });

  it("round-trips values containing ']]>' and '</function>' through split CDATA sections", () => {
    const calls = [{ name: "run_code", arguments: { code: "x = ']]>'\n</function>", id: "naïve" } }];
    assert.deepEqual(parse(minicpmFormat.renderCalls?.(calls) ?? "").toolCalls, calls);
  });

  it("types malformed calls", () => {
    assert.equal(parse('<function name="run_code"><param name="code">print(').errors[0]?.type, "truncated");
    assert.equal(
      parse('<function name="run_code"><param name="code"><![CDATA[x').errors[0]?.type,
      "truncated",
    );
    assert.equal(
      parse('<function name="run_code"><param name="id">1</param>').errors[0]?.type,
      "missing-close-tag",
    );
    assert.equal(
      parse('<function name="run_code"><param name="id">1</parm></function>').errors[0]?.type,
      "missing-close-tag",
    );
    assert.equal(parse('<function name=""></function>').errors[0]?.type, "missing-name");
    assert.equal(parse('<function name="run_code">oops</function>').errors[0]?.type, "invalid-syntax");
    assert.equal(parse('<function name="run').errors[0]?.type, "truncated");
  });

  it("renders tools after the system text, calls as XML with CDATA, results as tool_response", () => {
    const prompt = minicpmFormat.render(
      [
        { role: "system", content: "Be exact." },
        { role: "user", content: "Run it" },
        {
          role: "assistant",
          content: "",
          toolCalls: [{ name: "run_code", arguments: { code: "a<b", timeout: 1 } }],
        },
        { role: "tool", content: "True" },
      ],
      tools,
    );
    assert.ok(prompt.startsWith("<|im_start|>system\nBe exact.\n\n# Tools"));
    assert.ok(prompt.includes("Tool usage guidelines:"));
    assert.ok(
      prompt.includes(
        '<|im_start|>assistant\n<function name="run_code"><param name="code"><![CDATA[a<b]]></param><param name="timeout">1</param></function><|im_end|>',
      ),
    );
    assert.ok(
      prompt.includes(
        "<|im_start|>user\n<tool_response>\nTrue\n</tool_response><|im_end|>\n<|im_start|>assistant\n",
      ),
    );
    const replaced = minicpmFormat.render(
      [
        { role: "system", content: "A<tool_def_sep>B" },
        { role: "user", content: "x" },
      ],
      tools,
    );
    assert.ok(replaced.startsWith("<|im_start|>system\nA# Tools"));
  });
});
