/**
 * MiniCPM5: tools as JSON lines in `<tools>`; calls as bare XML
 * `<function name="f"><param name="p">value</param></function>`, values with `<`, `&` or newlines
 * in `<![CDATA[…]]>`, typed by the tool's JSON Schema.
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
import { type CloseFinder, parseTaggedBlocks } from "./tagged-blocks.js";
import type { ToolCallFormat } from "./tool-call-format.js";

const open = '<function name="';
const close = "</function>";
const paramOpen = '<param name="';
const paramClose = "</param>";
const cdataOpen = "<![CDATA[";
const cdataClose = "]]>";

function renderValue(value: unknown): string {
  if (typeof value !== "string") return pythonStyleJson(value);
  if (!/[<&\n]/.test(value)) return value;
  return `${cdataOpen}${value.replaceAll(cdataClose, `]]${cdataClose}${cdataOpen}>`)}${cdataClose}`;
}

/** Writes calls as MiniCPM5 `<function name="…">` elements, one per line. */
export function renderMiniCpmCalls(calls: readonly ToolCall[]): string {
  return calls
    .map((call) => {
      const params = Object.entries(call.arguments).map(
        ([key, value]) => `${paramOpen}${key}">${renderValue(value)}${paramClose}`,
      );
      return `${open}${call.name}">${params.join("")}${close}`;
    })
    .join("\n");
}

/** Finds `</function>` without looking inside CDATA sections. */
const findCloseOutsideCdata: CloseFinder = (text, tag, from) => {
  let position = from;
  for (;;) {
    const closeIndex = text.indexOf(tag, position);
    const cdataIndex = text.indexOf(cdataOpen, position);
    if (cdataIndex < 0 || closeIndex < cdataIndex) return closeIndex;
    const cdataEnd = text.indexOf(cdataClose, cdataIndex + cdataOpen.length);
    if (cdataEnd < 0) return -1;
    position = cdataEnd + cdataClose.length;
  }
};

/** Reads CDATA sections written back to back from `position`; undefined when one is not closed. */
function readCdata(text: string, position: number): { value: string; end: number } | undefined {
  let value = "";
  let cursor = position;
  while (text.startsWith(cdataOpen, cursor)) {
    const end = text.indexOf(cdataClose, cursor + cdataOpen.length);
    if (end < 0) return undefined;
    value += text.slice(cursor + cdataOpen.length, end);
    cursor = end + cdataClose.length;
  }
  return { value, end: cursor };
}

function parseBlock(
  inner: string,
  raw: string,
  closed: boolean,
  tools?: readonly ToolDefinition[],
): ContentPart[] {
  const fail = (
    type: "truncated" | "missing-close-tag" | "invalid-syntax" | "missing-name",
    message: string,
  ) => [
    errorPart(
      !closed && type !== "missing-name" && type !== "invalid-syntax" ? "truncated" : type,
      message,
      raw,
    ),
  ];
  const nameEnd = inner.indexOf('"');
  if (nameEnd < 0)
    return fail(closed ? "invalid-syntax" : "truncated", "the function name is not closed by '\"'");
  const name = inner.slice(0, nameEnd).trim();
  if (name === "") return fail("missing-name", '<function name=""> has no function name');
  let cursor = skipWhitespace(inner, nameEnd + 1);
  if (inner[cursor] !== ">")
    return fail(
      cursor >= inner.length ? "truncated" : "invalid-syntax",
      `expected '>' after <function name="${name}"`,
    );
  const entries: Array<[string, unknown, string]> = [];
  cursor += 1;
  for (;;) {
    cursor = skipWhitespace(inner, cursor);
    if (cursor >= inner.length) break;
    if (!inner.startsWith(paramOpen, cursor)) {
      return fail(
        paramOpen.startsWith(inner.slice(cursor)) ? "truncated" : "invalid-syntax",
        `unexpected text inside <function name="${name}">`,
      );
    }
    const keyEnd = inner.indexOf('">', cursor + paramOpen.length);
    if (keyEnd < 0)
      return fail(closed ? "invalid-syntax" : "truncated", `a <param name="…"> tag in ${name} is not closed`);
    const key = inner.slice(cursor + paramOpen.length, keyEnd);
    const valueStart = keyEnd + 2;
    const schema = findParameterSchema(tools, name, key);
    const tooDeep = () => [errorPart("invalid-arguments", tooDeepMessage(name), raw)];
    let value: unknown;
    let rawText = "";
    if (inner.startsWith(cdataOpen, valueStart)) {
      const cdata = readCdata(inner, valueStart);
      if (!cdata) return fail("missing-close-tag", `the CDATA section of ${key} in ${name} is not closed`);
      const after = skipWhitespace(inner, cdata.end);
      if (!inner.startsWith(paramClose, after))
        return fail("missing-close-tag", `${paramClose} is missing for ${key} in ${name}`);
      rawText = cdata.value;
      if (typeof schema === "object" && schema !== null && parameterTooDeep(rawText, schema))
        return tooDeep();
      value =
        typeof schema === "object" && schema !== null
          ? convertParameterValue(cdata.value, schema)
          : cdata.value;
      cursor = after + paramClose.length;
    } else {
      const valueEnd = inner.indexOf(paramClose, valueStart);
      if (valueEnd < 0) return fail("missing-close-tag", `${paramClose} is missing for ${key} in ${name}`);
      rawText = inner.slice(valueStart, valueEnd);
      if (parameterTooDeep(rawText, schema)) return tooDeep();
      value = convertParameterValue(rawText, schema);
      cursor = valueEnd + paramClose.length;
    }
    entries.push([key, value, rawText]);
  }
  const argumentsObject = Object.fromEntries(entries.map(([key, value]) => [key, value]));
  if (exceedsNestingDepth(argumentsObject))
    return [errorPart("invalid-arguments", tooDeepMessage(name), raw)];
  return [callPart(name, argumentsObject, undefined, parameterArgumentsText(entries), raw)];
}

const style: ChatMLStyle = {
  systemTurn(system, tools) {
    if (tools.length === 0) return system;
    const lines = tools.map((tool) => pythonStyleJson(toOpenAiTool(tool)));
    const guidelines = [
      "Tool usage guidelines:",
      "- Call zero or more functions. When no call is needed, answer normally without any <function ... </function>.",
      '- To call a function, write an XML element <function ... </function> like this:\n<function name="function-name"><param name="param-name">param-value</param></function>',
      '- A param-value may span lines. If it contains <, & or a newline, put it in a CDATA block: <param name="param-name"><![CDATA[...value...]]></param>',
    ].join("\n");
    const definitions = `# Tools\n\nThe functions you can call are listed inside <tools></tools> XML tags:\n${toolsBlock(lines)}\n\n${guidelines}`;
    if (system?.includes("<tool_def_sep>")) return system.replace("<tool_def_sep>", definitions);
    return system ? `${system}\n\n${definitions}` : definitions;
  },
  renderCalls: renderMiniCpmCalls,
  contentCallSeparator: "\n",
  toolResults: { kind: "user-tool-response" },
  opensThinking: false,
};

/** Calls in this format's syntax, for constrained decoding. */
const callGrammar: CallGrammarSpec = {
  build(kit, tools, parallel) {
    const call = kit.eachTool(tools, (tool) => {
      const parameters = kit.xmlParameters(tool, (name, value) =>
        name === undefined
          ? `"<param name=\\"" [a-zA-Z0-9_]+ "\\">" ${value} "</param>"`
          : `${kit.literal(`<param name="${name}">`)} ${value} "</param>"`,
      );
      return kit.rule(
        `${tool.name}-xml-call`,
        [kit.literal(`${tool.name}">`), parameters, kit.literal("</function>")]
          .filter((part) => part !== "")
          .join(" "),
      );
    });
    const block = kit.rule("function-element", call);
    return kit.oneOrMore(block, `${kit.literal('\n<function name="')} ${block}`, parallel);
  },
  xmlTextExcluded: "<&",
};

/** The family's chat template markers. */
const templateDetection: TemplateDetection = {
  rank: 1,
  matches: (template) =>
    hasMarkers(template, "<function name=", "<param name=") || hasMarkers(template, "Tool usage guidelines:"),
};

/** The `minicpm` format. */
export const minicpmFormat: ToolCallFormat = {
  name: "minicpm",
  description: 'MiniCPM5 XML: <function name="f"><param name="p">value</param></function>',
  callPrefix: open,
  callGrammar,
  templateDetection,
  render: (messages, tools, options) => renderChatML(messages, tools, style, options),
  parse: (text, tools) =>
    parseInFrame(
      text,
      (body) =>
        parseTaggedBlocks(
          body,
          open,
          close,
          (inner, raw, closed) => parseBlock(inner, raw, closed, tools),
          findCloseOutsideCdata,
        ),
      { callPrefix: open },
    ),
  renderCalls: renderMiniCpmCalls,
};
