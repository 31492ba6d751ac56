/**
 * Grammar pieces shared by the call syntaxes: a tool's arguments as a JSON object, as Python
 * keyword arguments, or as XML parameter elements, each built from the tool's JSON Schema.
 */
import type { ToolDefinition } from "../messages.js";
import { GbnfRuleSet, gbnfLiteral } from "./gbnf-rules.js";
import { type PropertySlot, SchemaGrammar } from "./schema-grammar.js";
import { SchemaPosition } from "./schema-resolve.js";
import {
  anyValueRule,
  type DialectOptions,
  functionGemmaAnyRules,
  optionalSpace,
  type ValueDialect,
} from "./value-dialect.js";

/** The rule set and schema converter one call grammar is built with. */
export class CallGrammarContext {
  readonly rules = new GbnfRuleSet();
  readonly schemas: SchemaGrammar;

  constructor(options: DialectOptions = {}) {
    this.schemas = new SchemaGrammar(this.rules, options);
  }

  /** Where a tool's parameters schema sits, for messages and rule names. */
  position(tool: ToolDefinition): SchemaPosition {
    return new SchemaPosition(tool.parameters, `tools[${tool.name}].parameters`, `${tool.name}-args`);
  }

  /**
   * The tool's arguments object in `dialect` (`json` or `python` dict syntax, or FunctionGemma's
   * notation, where an open object is any object rather than any value: its calls need braces).
   */
  argumentsObject(tool: ToolDefinition, dialect: "json" | "python" | "functiongemma" = "json"): string {
    const schema = objectSchema(tool.parameters);
    const position = this.position(tool);
    if (dialect === "functiongemma" && this.schemas.isOpenObject(schema, position))
      return functionGemmaAnyRules(this.rules, this.schemas.options).object;
    return this.schemas.value(schema, dialect, position);
  }

  /** Keyword arguments `a=1, b="x"` (Python literals), required first, optional each optional. */
  keywordArguments(tool: ToolDefinition): string {
    const schema = objectSchema(tool.parameters);
    const position = this.position(tool);
    if (this.schemas.isOpenObject(schema, position)) {
      const value = anyValueRule(this.rules, "python", this.schemas.options);
      const pair = this.rules.add("python-kwarg", `[a-zA-Z_] [a-zA-Z0-9_]* "=" ${value}`);
      return `(${pair} ("," ${optionalSpace} ${pair})*)?`;
    }
    return this.schemas.slotSequence(
      this.schemas.objectSlots(schema, position),
      `"," ${optionalSpace}`,
      (slot) =>
        this.rules.add(
          `${position.hint}-${slot.name}-kwarg`,
          `${gbnfLiteral(`${slot.name}=`)} ${this.schemas.value(slot.schema, "python", slot.position)}`,
        ),
    );
  }

  /**
   * XML parameter elements, one per argument, in slot order: `element(slot, value)` wraps a
   * value's GBNF in the format's markup. Open objects allow any names with raw-text values.
   */
  xmlParameters(
    tool: ToolDefinition,
    element: (name: string | undefined, value: string) => string,
    separator = "",
  ): string {
    const schema = objectSchema(tool.parameters);
    const position = this.position(tool);
    if (this.schemas.isOpenObject(schema, position)) {
      return `(${element(undefined, anyValueRule(this.rules, "xml-text", this.schemas.options))})*`;
    }
    return this.schemas.slotSequence(
      this.schemas.objectSlots(schema, position),
      separator,
      (slot: PropertySlot) =>
        this.rules.add(
          `${position.hint}-${slot.name}-param`,
          element(
            slot.name,
            this.schemas.value(slot.schema, "xml-text" satisfies ValueDialect, slot.position),
          ),
        ),
    );
  }

  /** The finished grammar. */
  toGrammar(root: string): string {
    return this.rules.toGrammar(root);
  }
}

/** A parameters schema, treating a missing or non-object schema as an object with no properties. */
function objectSchema(parameters: unknown): unknown {
  if (typeof parameters !== "object" || parameters === null) return { type: "object", properties: {} };
  return parameters;
}

/** `first (separator first)*` when `parallel`, else just `first`. */
export function oneOrMore(first: string, repeated: string, parallel: boolean): string {
  return parallel ? `${first} (${repeated})*` : first;
}

/** Alternatives over the tools, one expression each. */
export function eachTool(
  tools: readonly ToolDefinition[],
  expression: (tool: ToolDefinition) => string,
): string {
  return `(${tools.map(expression).join(" | ")})`;
}
