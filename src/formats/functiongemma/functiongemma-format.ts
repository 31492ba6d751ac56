/**
 * FunctionGemma (Gemma 3 270M fine-tuned for function calling): tools declared in a `developer`
 * turn, calls as `<start_function_call>call:NAME{key:<escape>text<escape>,n:3}<end_function_call>`,
 * results as `<start_function_response>response:NAME{…}<end_function_response>` (docs/formats.md).
 */
import { type CallGrammarSpec, hasMarkers, type TemplateDetection } from "../call-grammar-spec.js";
import { parseInFrame } from "../parse-driver.js";
import type { ToolCallFormat } from "../tool-call-format.js";
import {
  callClose,
  callOpen,
  parseFunctionGemmaBody,
  renderFunctionGemmaCalls,
  responseOpen,
} from "./call-syntax.js";
import { declarationOpen } from "./declarations.js";
import { renderFunctionGemmaPrompt } from "./prompt.js";

/**
 * Calls in this format's syntax, after the first `<start_function_call>`: `call:NAME{…}` with the
 * tool's arguments in FunctionGemma's value notation (strings between `<escape>` tokens), then
 * `<end_function_call>`, and when parallel, more whole calls.
 */
const callGrammar: CallGrammarSpec = {
  build(kit, tools, parallel) {
    const call = kit.rule(
      "functiongemma-call",
      kit.eachTool(tools, (tool) =>
        kit.rule(
          `${tool.name}-functiongemma-call`,
          `${kit.literal(`call:${tool.name}`)} ${kit.argumentsObject(tool, "functiongemma")} ${kit.literal(callClose)}`,
        ),
      ),
    );
    return kit.oneOrMore(call, `${kit.literal(callOpen)} ${call}`, parallel);
  },
};

/** The family's template markers: its declaration or call tokens. */
const templateDetection: TemplateDetection = {
  rank: 6,
  matches: (template) => hasMarkers(template, declarationOpen) || hasMarkers(template, callOpen),
};

/** The `functiongemma` format. */
export const functionGemmaFormat: ToolCallFormat = {
  name: "functiongemma",
  description: "FunctionGemma: <start_function_call>call:f{a:<escape>x<escape>,n:3}<end_function_call>",
  callPrefix: callOpen,
  streamMarkers: () => [callOpen, responseOpen],
  callGrammar,
  templateDetection,
  render: renderFunctionGemmaPrompt,
  parse: (text) => parseInFrame(text, parseFunctionGemmaBody, { callPrefix: callOpen }),
  renderCalls: renderFunctionGemmaCalls,
};
