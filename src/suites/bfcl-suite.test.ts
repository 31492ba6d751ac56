import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { bfclPromptInstructions } from "../bfcl/bfcl-prompt.js";
import type { Sample, Score, Transcript } from "../eval/suite.js";
import { qwen3Format } from "../formats/qwen3.js";
import { qwen35Format } from "../formats/qwen3-5.js";
import type { ContentPart } from "../messages.js";
import { bfclDir, hasBfcl, noBfclMessage } from "./bfcl-data.test-support.js";
import type { BfclTarget } from "./bfcl-scorer.js";
import { createBfclSuite } from "./bfcl-suite.js";

function transcriptOf(rawText: string, parts: ContentPart[]): Transcript {
  return {
    request: { messages: [] },
    turns: [
      {
        rawText,
        parts,
        finishReason: "stop",
        usage: { inputTokens: 0, outputTokens: 0 },
        timing: { firstTokenMs: 0, totalMs: 0 },
        cached: false,
      },
    ],
  };
}

function call(name: string, args: Record<string, unknown>): ContentPart {
  return { type: "tool-call", toolCall: { name, arguments: args } };
}

describe("BFCL suites", { skip: hasBfcl ? false : noBfclMessage }, () => {
  const simple = createBfclSuite("simple_python", { bfclDir });
  const fcSamples = simple.samples() as Sample<BfclTarget>[];
  const promptSamples = createBfclSuite("simple_python", {
    bfclDir,
    mode: "prompt",
  }).samples() as Sample<BfclTarget>[];
  const byId = (list: Sample<BfclTarget>[], id: string) => {
    const found = list.find((sample) => sample.id === id);
    assert.ok(found, id);
    return found;
  };
  const score = (sample: Sample<BfclTarget>, transcript: Transcript) =>
    simple.scorer.score(sample, transcript) as Score;

  it("reads every question, versioned by the data files", () => {
    assert.equal(fcSamples.length, 400);
    assert.equal(fcSamples[0]?.id, "simple_python_0");
    assert.match(simple.version, /^bfcl-v4\+sha256:[0-9a-f]{16}$/);
    assert.equal(simple.name, "bfcl:simple_python");
  });

  it("function-calling mode offers the tools with '_' names; prompt mode documents them in the system prompt", () => {
    const fc = byId(fcSamples, "simple_python_1");
    assert.deepEqual(
      fc.tools.map((tool) => tool.name),
      ["math_factorial"],
    );
    assert.deepEqual(fc.messages, [
      { role: "user", content: "Calculate the factorial of 5 using math functions." },
    ]);
    const prompt = byId(promptSamples, "simple_python_1");
    assert.deepEqual(prompt.tools, []);
    assert.equal(prompt.outputFormat, "bfcl-prompt");
    assert.equal(prompt.messages[0]?.role, "system");
    assert.ok(prompt.messages[0]?.content.startsWith(bfclPromptInstructions));
    assert.match(prompt.messages[0]?.content ?? "", /"name": "math\.factorial"/);
    assert.deepEqual(prompt.messages[1], fc.messages[0]);
  });

  it("prompt mode keeps an entry's own system message after the BFCL prompt", () => {
    const live = createBfclSuite("live_simple", {
      bfclDir,
      mode: "prompt",
    }).samples() as Sample<BfclTarget>[];
    const withSystem = live.find(
      (sample) =>
        sample.messages.filter((message) => message.role === "system").length > 0 &&
        sample.messages[0]?.content.includes("\n\n"),
    );
    assert.ok(withSystem);
    assert.equal(withSystem.messages.filter((message) => message.role === "system").length, 1);
  });

  it("function-calling mode maps '_' names back and scores with BFCL's rules", () => {
    const sample = byId(fcSamples, "simple_python_1");
    const passed = score(sample, transcriptOf("", [call("math_factorial", { number: 5 })]));
    assert.equal(passed.passed, true, passed.explanation);
    assert.deepEqual(passed.calls, [{ name: "math.factorial", arguments: { number: 5 } }]);
    const wrongValue = score(sample, transcriptOf("", [call("math_factorial", { number: 6 })]));
    assert.equal(wrongValue.errorType, "value_error:others");
    const wrongName = score(sample, transcriptOf("", [call("factorial", { number: 5 })]));
    assert.equal(wrongName.errorType, "simple_function_checker:wrong_func_name");
    const noCall = score(
      sample,
      transcriptOf("The factorial of 5 is 120.", [{ type: "text", text: "The factorial of 5 is 120." }]),
    );
    assert.equal(noCall.passed, false);
    assert.equal(noCall.errorType, "ast_decoder:decoder_failed");
  });

  it("keeps Python's int/float distinction in function-calling mode, as BFCL's json.loads does", () => {
    const sample = byId(fcSamples, "simple_python_13");
    const replay = (text: string) => score(sample, transcriptOf(text, qwen3Format.parse(text)));
    const call13 = (interval: string) =>
      `<tool_call>\n{"name": "calculate_area_under_curve", "arguments": {"function": "x**2", "interval": ${interval}}}\n</tool_call>`;
    const ints = replay(call13("[1, 3]"));
    assert.equal(ints.passed, false);
    assert.equal(ints.errorType, "type_error:nested");
    const floats = replay(call13("[1.0, 3.0]"));
    assert.equal(floats.passed, true, floats.explanation);
    assert.deepEqual(floats.calls, [
      {
        name: "calculate_area_under_curve",
        arguments: { function: "x**2", interval: [1, 3] },
        argumentsText: '{"function": "x**2", "interval": [1.0, 3.0]}',
      },
    ]);
    const factorial = byId(fcSamples, "simple_python_1");
    const floatForInt = `<tool_call>\n{"name": "math_factorial", "arguments": {"number": 5.0}}\n</tool_call>`;
    const wrongType = score(factorial, transcriptOf(floatForInt, qwen3Format.parse(floatForInt)));
    assert.equal(wrongType.passed, false);
    assert.equal(wrongType.errorType, "type_error:simple");
  });

  it("reads XML-style parameter text (Qwen3.5) with the number kinds it shows", () => {
    const sample = byId(fcSamples, "simple_python_13");
    const tools = sample.tools;
    const replay = (interval: string) => {
      const text = `<tool_call>\n<function=calculate_area_under_curve>\n<parameter=function>\nx**2\n</parameter>\n<parameter=interval>\n${interval}\n</parameter>\n</function>\n</tool_call>`;
      return score(sample, transcriptOf(text, qwen35Format.parse(text, tools)));
    };
    assert.equal(replay("[1, 3]").errorType, "type_error:nested");
    const floats = replay("[1.0, 3.0]");
    assert.equal(floats.passed, true, floats.explanation);
  });

  it("prompt mode decodes the text with BFCL's decoder and tells parse failures from refusals", () => {
    const sample = byId(promptSamples, "simple_python_1");
    const good = score(sample, transcriptOf("<think>easy</think>[math.factorial(number=5)]", []));
    assert.equal(good.passed, true, good.explanation);
    assert.deepEqual(good.calls, [{ name: "math.factorial", arguments: { number: 5 } }]);
    assert.equal(good.parseFailure, false);
    const broken = score(sample, transcriptOf("[math.factorial(number=5", []));
    assert.equal(broken.passed, false);
    assert.equal(broken.parseFailure, true);
    const refusal = score(sample, transcriptOf("I cannot compute that.", []));
    assert.equal(refusal.passed, false);
    assert.equal(refusal.parseFailure, false);
  });

  it("prompt mode: a reasoning tag inside a call's string is the call's text, not reasoning", () => {
    const sample = byId(promptSamples, "simple_python_0");
    for (const tag of ["</think>", "<think>", "<think> x </think>"]) {
      const verdict = score(
        sample,
        transcriptOf(`[calculate_triangle_area(base=10, height=5, unit="units ${tag}")]`, []),
      );
      assert.equal(verdict.parseFailure, false, tag);
      assert.deepEqual(
        verdict.calls,
        [{ name: "calculate_triangle_area", arguments: { base: 10, height: 5, unit: `units ${tag}` } }],
        tag,
      );
    }
  });

  it("irrelevance passes when no call is made, in both modes", () => {
    for (const mode of ["fc", "prompt"] as const) {
      const suite = createBfclSuite("irrelevance", { bfclDir, mode });
      const [sample] = suite.samples() as Sample<BfclTarget>[];
      assert.ok(sample);
      const text = "None of the functions can do that.";
      const result = suite.scorer.score(sample, transcriptOf(text, [{ type: "text", text }])) as Score;
      assert.equal(result.passed, true, `${mode}: ${result.explanation}`);
    }
  });
});
