/**
 * Qwen3.5 XML calls: `<tool_call>\n<function=NAME>\n<parameter=KEY>\nvalue\n</parameter>\n</function>\n</tool_call>`.
 * Values are untyped text, converted by the tool's JSON Schema.
 */
import type { ContentPart, ToolCall, ToolDefinition } from "../messages.js";
import { parameterArgumentsText } from "./arguments-text.js";
import { type CallGrammarSpec, hasMarkers, type TemplateDetection } from "./call-grammar-spec.js";
import { callPart, errorPart } from "./call-parts.js";
import { type ChatMLStyle, renderChatML, toolsBlock } from "./chatml-render.js";
import { skipWhitespace } from "./json-scan.js";
import { exceedsNestingDepth, tooDeepMessage } from "./nesting-depth.js";
import { toOpenAiTool } from "./openai-tool.js";
import { parseInFrame } from "./parse-driver.js";
import { pythonStyleJson } from "./python-style-json.js";
import { convertParameterValue, findParameterSchema, parameterTooDeep } from "./schema-values.js";
import { parseTaggedBlocks } from "./tagged-blocks.js";
import type { ToolCallFormat } from "./tool-call-format.js";

const open = "<tool_call>";
const close = "</tool_call>";
const functionOpen = "<function=";
const functionClose = "</function>";
const parameterOpen = "<parameter=";
const parameterClose = "</parameter>";

function renderValue(value: unknown): string {
  if (typeof value === "string") return value;
  return typeof value === "object" && value !== null ? pythonStyleJson(value) : JSON.stringify(value ?? null);
}

/** Writes calls in Qwen3.5's XML call syntax, one `<tool_call>` block per call. */
export function renderQwenXmlCalls(calls: readonly ToolCall[]): string {
  return calls
    .map((call) => {
      const parameters = Object.entries(call.arguments).map(
        ([key, value]) => `${parameterOpen}${key}>\n${renderValue(value)}\n${parameterClose}\n`,
      );
      return `${open}\n${functionOpen}${call.name}>\n${parameters.join("")}${functionClose}\n${close}`;
    })
    .join("\n");
}

/** Reads the `<function=…>` blocks inside one `<tool_call>` block. */
function parseBlock(
  inner: string,
  raw: string,
  closed: boolean,
  tools?: readonly ToolDefinition[],
): ContentPart[] {
  const parts: ContentPart[] = [];
  let position = skipWhitespace(inner, 0);
  if (position >= inner.length && closed)
    return [errorPart("missing-name", "the tool call block is empty", raw)];
  const fail = (
    type: "truncated" | "missing-close-tag" | "invalid-syntax" | "missing-name",
    message: string,
  ) => {
    parts.push(errorPart(type, message, raw));
    return parts;
  };
  while (position < inner.length) {
    if (!inner.startsWith(functionOpen, position)) {
      if (!closed && functionOpen.startsWith(inner.slice(position)))
        return fail("truncated", "the output ends inside <function=");
      return fail("invalid-syntax", `expected ${functionOpen}NAME> inside ${open}`);
    }
    const nameEnd = inner.indexOf(">", position + functionOpen.length);
    if (nameEnd < 0)
      return fail(closed ? "invalid-syntax" : "truncated", `${functionOpen} is not closed by '>'`);
    const name = inner.slice(position + functionOpen.length, nameEnd).trim();
    if (name === "") return fail("missing-name", `${functionOpen}> has no function name`);
    const entries: Array<[string, unknown, string]> = [];
    let cursor = nameEnd + 1;
    for (;;) {
      cursor = skipWhitespace(inner, cursor);
      if (inner.startsWith(functionClose, cursor)) {
        cursor += functionClose.length;
        break;
      }
      if (
        cursor >= inner.length ||
        (!closed &&
          (functionClose.startsWith(inner.slice(cursor)) || parameterOpen.startsWith(inner.slice(cursor))))
      ) {
        return fail(closed ? "missing-close-tag" : "truncated", `${functionClose} is missing for ${name}`);
      }
      if (!inner.startsWith(parameterOpen, cursor))
        return fail("invalid-syntax", `unexpected text inside ${functionOpen}${name}>`);
      const keyEnd = inner.indexOf(">", cursor + parameterOpen.length);
      if (keyEnd < 0)
        return fail(closed ? "invalid-syntax" : "truncated", `${parameterOpen} is not closed by '>'`);
      const key = inner.slice(cursor + parameterOpen.length, keyEnd).trim();
      const valueEnd = inner.indexOf(parameterClose, keyEnd + 1);
      const nextParameter = inner.indexOf(parameterOpen, keyEnd + 1);
      if (valueEnd < 0 || (nextParameter >= 0 && nextParameter < valueEnd)) {
        const ended = !closed && valueEnd < 0 && nextParameter < 0 && !inner.includes(functionClose, keyEnd);
        return fail(
          ended ? "truncated" : "missing-close-tag",
          `${parameterClose} is missing for parameter ${key} of ${name}`,
        );
      }
      const value = inner
        .slice(keyEnd + 1, valueEnd)
        .replace(/^\n/, "")
        .replace(/\n$/, "");
      const schema = findParameterSchema(tools, name, key);
      if (parameterTooDeep(value, schema)) {
        parts.push(errorPart("invalid-arguments", tooDeepMessage(name), raw));
        return parts;
      }
      entries.push([key, convertParameterValue(value, schema), value]);
      cursor = valueEnd + parameterClose.length;
    }
    const argumentsObject = Object.fromEntries(entries.map(([key, value]) => [key, value]));
    if (exceedsNestingDepth(argumentsObject)) {
      parts.push(errorPart("invalid-arguments", tooDeepMessage(name), raw));
      return parts;
    }
    parts.push(callPart(name, argumentsObject, undefined, parameterArgumentsText(entries), raw));
    position = skipWhitespace(inner, cursor);
  }
  return parts;
}

const style: ChatMLStyle = {
  systemTurn(system, tools) {
    if (tools.length === 0) return system;
    const lines = tools.map((tool) => pythonStyleJson(toOpenAiTool(tool)));
    const example = renderQwenXmlCalls([
      {
        name: "example_function_name",
        arguments: { example_parameter_1: "value_1", example_parameter_2: "A value\nover several lines" },
      },
    ]);
    const reminder = [
      "<IMPORTANT>",
      "Reminder:",
      `- Put each <function=...></function> block inside ${open}${close} tags, exactly in the format above`,
      "- Give every required parameter",
      "- Any reasoning in natural language goes BEFORE the function call, never after it",
      "- If no function fits, answer normally from your own knowledge without mentioning functions",
      "</IMPORTANT>",
    ].join("\n");
    const text = `# Tools\n\nYou can call these functions:\n\n${toolsBlock(lines)}\n\nTo call a function, reply ONLY in this format, with nothing after it:\n\n${example}\n\n${reminder}`;
    return system?.trim() ? `${text}\n\n${system.trim()}` : text;
  },
  renderCalls: renderQwenXmlCalls,
  contentCallSeparator: "\n\n",
  toolResults: { kind: "user-tool-response" },
  opensThinking: true,
};

/** Calls in this format's syntax, for constrained decoding. */
const callGrammar: CallGrammarSpec = {
  build(kit, tools, parallel) {
    const call = kit.eachTool(tools, (tool) => {
      const parameters = kit.xmlParameters(tool, (name, value) =>
        name === undefined
          ? `"<parameter=" [a-zA-Z0-9_]+ ">\\n" ${value} "\\n</parameter>\\n"`
          : `${kit.literal(`<parameter=${name}>\n`)} ${value} "\\n</parameter>\\n"`,
      );
      return kit.rule(
        `${tool.name}-xml-call`,
        [kit.literal(`\n<function=${tool.name}>\n`), parameters, kit.literal("</function>\n</tool_call>")]
          .filter((part) => part !== "")
          .join(" "),
      );
    });
    const block = kit.rule("tool-call-block", call);
    return kit.oneOrMore(block, `"\\n<tool_call>" ${block}`, parallel);
  },
};

/** The family's chat template markers. */
const templateDetection: TemplateDetection = {
  rank: 0,
  matches: (template) => hasMarkers(template, "<function=", "<parameter="),
};

/** The `qwen3.5` format. */
export const qwen35Format: ToolCallFormat = {
  name: "qwen3.5",
  description:
    "Qwen3.5 XML: <tool_call><function=NAME><parameter=KEY>value</parameter></function></tool_call>",
  callPrefix: open,
  callGrammar,
  templateDetection,
  render: (messages, tools, options) => renderChatML(messages, tools, style, options),
  parse: (text, tools) =>
    parseInFrame(
      text,
      (body) =>
        parseTaggedBlocks(body, open, close, (inner, raw, closed) => parseBlock(inner, raw, closed, tools)),
      {
        callPrefix: open,
      },
    ),
  renderCalls: renderQwenXmlCalls,
};
