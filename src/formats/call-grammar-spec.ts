/**
 * How a format describes its own call grammar (GBNF for constrained decoding) without knowing how
 * schemas become GBNF: it writes its call markup around pieces a {@link CallGrammarKit} gives it
 * (a tool's arguments, XML parameter elements, a JSON or Python call), and src/grammar/ supplies
 * the kit and turns the result into a grammar (src/grammar/call-grammar.ts). The grammar covers
 * the text right after the format's `callPrefix`, or the whole output when the prefix is empty.
 */
import type { ToolDefinition } from "../messages.js";

/** GBNF pieces for writing a call syntax; every method returns a GBNF expression. */
export interface CallGrammarKit {
  /** Adds a named rule with `body`; returns the reference to it. */
  rule(name: string, body: string): string;
  /** A GBNF string literal matching `text` exactly. */
  literal(text: string): string;
  /** Optional whitespace between list items. */
  readonly optionalSpace: string;
  /**
   * The tool's arguments as an object, from its schema: JSON (default), or FunctionGemma's
   * notation (`{key:<escape>text<escape>,n:3}`, src/formats/functiongemma/value-syntax.ts).
   */
  argumentsObject(tool: ToolDefinition, notation?: "json" | "functiongemma"): string;
  /**
   * XML parameter elements, one per argument: `element(name, value)` wraps a value's GBNF in the
   * format's markup; `name` is undefined for open objects (any names).
   */
  xmlParameters(tool: ToolDefinition, element: (name: string | undefined, value: string) => string): string;
  /** Alternatives over the tools, one expression each. */
  eachTool(tools: readonly ToolDefinition[], expression: (tool: ToolDefinition) => string): string;
  /** `first (repeated)*` when `parallel`, else just `first`. */
  oneOrMore(first: string, repeated: string, parallel: boolean): string;
  /** `{"name": "NAME", "<argumentsKey>": ARGS}` for one of the tools. */
  jsonCall(tools: readonly ToolDefinition[], argumentsKey: string): string;
  /** `[name(a=1, b="x"), ...]` (one call unless `parallel`). */
  pythonCallList(tools: readonly ToolDefinition[], parallel: boolean): string;
}

/** A format's call grammar. */
export interface CallGrammarSpec {
  /** The root expression: calls to one of `tools` in the format's syntax, after its call prefix. */
  build(kit: CallGrammarKit, tools: readonly ToolDefinition[], parallel: boolean): string;
  /** Characters raw-text (XML) values may not contain, where the markup would end them (e.g. `<&`). */
  xmlTextExcluded?: string;
}

/** How a format recognises a GGUF chat template of its family. */
export interface TemplateDetection {
  /**
   * Lower ranks are checked first: a family whose templates also contain another family's markers
   * (Qwen3.5 and MiniCPM5 contain Qwen3's) ranks before it.
   */
  rank: number;
  /** True when the template's text carries the family's markers. */
  matches(template: string): boolean;
}

/** True when the template contains every marker. */
export function hasMarkers(template: string, ...markers: string[]): boolean {
  return markers.every((marker) => template.includes(marker));
}
