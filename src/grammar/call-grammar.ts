/**
 * GBNF for tool calls in each format's own syntax, for constrained decoding. For a format with a
 * call prefix (e.g. `<tool_call>`), the grammar covers the text right AFTER the prefix: the rest of
 * the call markup, one of the offered tools' names and that tool's argument grammar, the closing
 * markup, and (when `parallel`) more calls. For a format with an empty prefix it covers the whole
 * output. Argument grammars come from each tool's JSON Schema (see schema-grammar.ts).
 */
import { EdgecallError } from "../errors.js";
import type { FormatName } from "../formats/tool-call-format.js";
import type { ToolDefinition } from "../messages.js";
import { CallGrammarContext, eachTool, oneOrMore } from "./call-pieces.js";
import { gbnfLiteral } from "./gbnf-rules.js";
import { optionalSpace } from "./value-dialect.js";

/** Options for {@link buildCallGrammar}. */
export interface CallGrammarOptions {
  /** Allow more than one call (formats that cannot write several calls ignore this). */
  parallel: boolean;
  /** Caps for unbounded strings and arrays (see DialectOptions); unset = none. */
  maxStringLength?: number;
  maxArrayItems?: number;
}

/** The call prefix each format's grammar continues from (`""`: the grammar covers the whole output). */
export const callGrammarPrefixes: Readonly<Record<FormatName, string>> = {
  qwen3: "<tool_call>",
  "qwen3.5": "<tool_call>",
  lfm2: "<|tool_call_start|>",
  minicpm: '<function name="',
  llama3: "",
  mistral: "[TOOL_CALLS]",
  pythonic: "",
  json: "",
};

type SyntaxBuilder = (
  context: CallGrammarContext,
  tools: readonly ToolDefinition[],
  parallel: boolean,
) => string;

const literal = gbnfLiteral;

/** `{"name": "NAME", "<argumentsKey>": ARGS}` for one of the tools. */
function jsonCallObject(
  context: CallGrammarContext,
  tools: readonly ToolDefinition[],
  argumentsKey: string,
): string {
  return context.rules.add(
    `call-${argumentsKey}`,
    eachTool(tools, (tool) =>
      context.rules.add(
        `${tool.name}-call`,
        `${literal(`{"name": "${tool.name}", "${argumentsKey}": `)} ${context.argumentsObject(tool)} "}"`,
      ),
    ),
  );
}

/** `name(a=1, b="x")` for one of the tools. */
function pythonCall(context: CallGrammarContext, tools: readonly ToolDefinition[]): string {
  return context.rules.add(
    "python-call",
    eachTool(tools, (tool) =>
      context.rules.add(
        `${tool.name}-python-call`,
        [literal(`${tool.name}(`), context.keywordArguments(tool), '")"']
          .filter((part) => part !== "")
          .join(" "),
      ),
    ),
  );
}

/** `[call, call, ...]` (a single call unless `parallel`). */
function pythonCallList(
  context: CallGrammarContext,
  tools: readonly ToolDefinition[],
  parallel: boolean,
): string {
  const call = pythonCall(context, tools);
  return `"[" ${oneOrMore(call, `"," ${optionalSpace} ${call}`, parallel)} "]"`;
}

const syntaxes: Readonly<Record<FormatName, SyntaxBuilder>> = {
  qwen3(context, tools, parallel) {
    const block = context.rules.add(
      "tool-call-block",
      `"\\n" ${jsonCallObject(context, tools, "arguments")} "\\n</tool_call>"`,
    );
    return oneOrMore(block, `"\\n<tool_call>" ${block}`, parallel);
  },
  "qwen3.5"(context, tools, parallel) {
    const call = eachTool(tools, (tool) => {
      const parameters = context.xmlParameters(tool, (name, value) =>
        name === undefined
          ? `"<parameter=" [a-zA-Z0-9_]+ ">\\n" ${value} "\\n</parameter>\\n"`
          : `${literal(`<parameter=${name}>\n`)} ${value} "\\n</parameter>\\n"`,
      );
      return context.rules.add(
        `${tool.name}-xml-call`,
        [literal(`\n<function=${tool.name}>\n`), parameters, literal("</function>\n</tool_call>")]
          .filter((part) => part !== "")
          .join(" "),
      );
    });
    const block = context.rules.add("tool-call-block", call);
    return oneOrMore(block, `"\\n<tool_call>" ${block}`, parallel);
  },
  lfm2(context, tools, parallel) {
    return `${pythonCallList(context, tools, parallel)} "<|tool_call_end|>"`;
  },
  minicpm(context, tools, parallel) {
    const call = eachTool(tools, (tool) => {
      const parameters = context.xmlParameters(tool, (name, value) =>
        name === undefined
          ? `"<param name=\\"" [a-zA-Z0-9_]+ "\\">" ${value} "</param>"`
          : `${literal(`<param name="${name}">`)} ${value} "</param>"`,
      );
      return context.rules.add(
        `${tool.name}-xml-call`,
        [literal(`${tool.name}">`), parameters, literal("</function>")]
          .filter((part) => part !== "")
          .join(" "),
      );
    });
    const block = context.rules.add("function-element", call);
    return oneOrMore(block, `${literal('\n<function name="')} ${block}`, parallel);
  },
  llama3(context, tools) {
    // Llama 3.x writes one call per message, sometimes after <|python_tag|>.
    return `"<|python_tag|>"? ${jsonCallObject(context, tools, "parameters")}`;
  },
  mistral(context, tools, parallel) {
    // v3 / Nemo: a JSON list. Small 3.2 / Ministral 3 / Devstral: name[ARGS]{...}, repeated.
    const call = jsonCallObject(context, tools, "arguments");
    const list = `"[" ${oneOrMore(call, `"," ${optionalSpace} ${call}`, parallel)} "]"`;
    const named = context.rules.add(
      "named-call",
      eachTool(tools, (tool) => `${literal(`${tool.name}[ARGS]`)} ${context.argumentsObject(tool)}`),
    );
    return `(${list} | ${oneOrMore(named, `"[TOOL_CALLS]" ${named}`, parallel)})`;
  },
  pythonic(context, tools, parallel) {
    return pythonCallList(context, tools, parallel);
  },
  json(context, tools, parallel) {
    const call = jsonCallObject(context, tools, "arguments");
    return parallel ? `(${call} | "[" ${call} ("," ${optionalSpace} ${call})* "]")` : call;
  },
};

/**
 * The GBNF grammar for calls to `tools` in `formatName`'s syntax, continuing after the format's
 * call prefix ({@link callGrammarPrefixes}). Throws EdgecallError "unsupported" for a schema the
 * converter cannot express (e.g. a recursive `$ref`), naming the tool and schema path, and
 * "invalid-tools" when no tools are given.
 */
export function buildCallGrammar(
  formatName: FormatName,
  tools: readonly ToolDefinition[],
  options: CallGrammarOptions,
): string {
  if (tools.length === 0) throw new EdgecallError("invalid-tools", "a call grammar needs at least one tool");
  const builder = syntaxes[formatName];
  if (builder === undefined) {
    throw new EdgecallError("unsupported", `no call grammar for format "${formatName}"`, {
      subject: formatName,
    });
  }
  const context = new CallGrammarContext({
    ...(formatName === "minicpm" ? { xmlTextExcluded: "<&" } : {}),
    ...(options.maxStringLength === undefined ? {} : { maxStringLength: options.maxStringLength }),
    ...(options.maxArrayItems === undefined ? {} : { maxArrayItems: options.maxArrayItems }),
  });
  return context.toGrammar(builder(context, tools, options.parallel));
}
