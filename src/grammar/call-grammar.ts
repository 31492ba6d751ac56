/**
 * GBNF for tool calls in each format's own syntax, for constrained decoding. For a format with a
 * call prefix (e.g. `<tool_call>`), the grammar covers the text right AFTER the prefix: the rest of
 * the call markup, one of the offered tools' names and that tool's argument grammar, the closing
 * markup, and (when `parallel`) more calls. For a format with an empty prefix it covers the whole
 * output. Each format writes its own markup (its `callGrammar`, src/formats/call-grammar-spec.ts);
 * this module gives it the pieces, whose argument grammars come from each tool's JSON Schema
 * (see schema-grammar.ts).
 */
import { EdgecallError } from "../errors.js";
import type { CallGrammarKit } from "../formats/call-grammar-spec.js";
import { getFormat } from "../formats/registry.js";
import type { FormatName, ToolCallFormat } from "../formats/tool-call-format.js";
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

function kitFor(context: CallGrammarContext): CallGrammarKit {
  const kit: CallGrammarKit = {
    rule: (name, body) => context.rules.add(name, body),
    literal: gbnfLiteral,
    optionalSpace,
    argumentsObject: (tool, notation) => context.argumentsObject(tool, notation ?? "json"),
    xmlParameters: (tool, element) => context.xmlParameters(tool, element),
    eachTool,
    oneOrMore,
    jsonCall: (tools, argumentsKey) =>
      context.rules.add(
        `call-${argumentsKey}`,
        eachTool(tools, (tool) =>
          context.rules.add(
            `${tool.name}-call`,
            `${gbnfLiteral(`{"name": "${tool.name}", "${argumentsKey}": `)} ${context.argumentsObject(tool)} "}"`,
          ),
        ),
      ),
    pythonCallList(tools, parallel) {
      const call = context.rules.add(
        "python-call",
        eachTool(tools, (tool) =>
          context.rules.add(
            `${tool.name}-python-call`,
            [gbnfLiteral(`${tool.name}(`), context.keywordArguments(tool), '")"']
              .filter((part) => part !== "")
              .join(" "),
          ),
        ),
      );
      return `"[" ${oneOrMore(call, `"," ${optionalSpace} ${call}`, parallel)} "]"`;
    },
  };
  return kit;
}

/**
 * The GBNF grammar for calls to `tools` in the format's own call syntax
 * ({@link ToolCallFormat.callGrammar}), continuing after its `callPrefix`. A format given by name
 * is looked up among the built-in ones. Throws EdgecallError "unsupported" for a format without a
 * call grammar and for a schema the converter cannot express (e.g. a recursive `$ref`), naming the
 * tool and schema path, and "invalid-tools" when no tools are given.
 */
export function buildCallGrammar(
  format: ToolCallFormat | FormatName,
  tools: readonly ToolDefinition[],
  options: CallGrammarOptions,
): string {
  if (tools.length === 0) throw new EdgecallError("invalid-tools", "a call grammar needs at least one tool");
  const resolved = typeof format === "string" ? getFormat(format) : format;
  const spec = resolved.callGrammar;
  if (spec === undefined) {
    throw new EdgecallError("unsupported", `no call grammar for format "${resolved.name}"`, {
      subject: resolved.name,
    });
  }
  const context = new CallGrammarContext({
    ...(spec.xmlTextExcluded === undefined ? {} : { xmlTextExcluded: spec.xmlTextExcluded }),
    ...(options.maxStringLength === undefined ? {} : { maxStringLength: options.maxStringLength }),
    ...(options.maxArrayItems === undefined ? {} : { maxArrayItems: options.maxArrayItems }),
  });
  return context.toGrammar(spec.build(kitFor(context), tools, options.parallel));
}
