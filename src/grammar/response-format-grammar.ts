/**
 * GBNF for a reply in a response format (OpenAI's `response_format`): `json_schema` through the
 * same JSON Schema converter as tool arguments (schema-grammar.ts: no extra keys, required keys
 * first, bounds enforced), `json_object` as any JSON object. Strict and non-strict schemas get the
 * same grammar: the converter never allows more than the schema does.
 */
import type { ResponseFormat } from "../messages.js";
import { GbnfRuleSet } from "./gbnf-rules.js";
import { SchemaGrammar } from "./schema-grammar.js";
import { SchemaPosition } from "./schema-resolve.js";
import { anyValueRule, optionalSpace, repeatGbnf, stringCharRule } from "./value-dialect.js";

/**
 * The grammar of the whole reply. Throws EdgecallError "unsupported" naming the schema path
 * (`response_format.json_schema.schema/...`) for a schema the converter cannot express.
 */
export function buildResponseFormatGrammar(format: ResponseFormat): string {
  const rules = new GbnfRuleSet();
  if (format.type === "json_object") {
    const value = anyValueRule(rules, "json", {});
    const string = rules.add(
      "json-string",
      `"\\"" ${repeatGbnf(stringCharRule(rules, "json"), 0, undefined)} "\\""`,
    );
    const member = `${string} ":" ${optionalSpace} ${value}`;
    return rules.toGrammar(
      `"{" ${optionalSpace} (${member} ("," ${optionalSpace} ${member})*)? ${optionalSpace} "}"`,
    );
  }
  const schemas = new SchemaGrammar(rules);
  const position = new SchemaPosition(format.schema, "response_format.json_schema.schema", "response");
  return rules.toGrammar(schemas.value(format.schema, "json", position));
}
