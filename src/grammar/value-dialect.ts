/**
 * How values are spelled in each tool-call syntax: JSON, Python literals (pythonic / LFM2 calls),
 * raw text inside an XML parameter element (Qwen3.5, MiniCPM), or FunctionGemma's notation
 * (strings between `<escape>` tokens, bare keys). Literal encoders, string and "any value" rules
 * for each.
 */
import { escapeToken, renderFunctionGemmaValue } from "../formats/functiongemma/value-syntax.js";
import { type GbnfRuleSet, gbnfLiteral } from "./gbnf-rules.js";

/**
 * `json`: JSON values. `python`: Python literals (`True`/`False`/`None`, double-quoted strings,
 * dicts with double-quoted keys). `xml-text`: strings as raw text, other values as their JSON text.
 * `functiongemma`: `<escape>text<escape>` strings, `{key:value}` objects, JSON's other literals.
 */
export type ValueDialect = "json" | "python" | "xml-text" | "functiongemma";

/** Options shared by the grammar generators. */
export interface DialectOptions {
  /** Characters a raw `xml-text` string may not contain (default `<`). */
  xmlTextExcluded?: string;
  /**
   * Caps on otherwise unbounded strings (characters) and arrays (items). Unset: no cap. The
   * llama-cpp backend sets them only when resampling a call that ran out of tokens (a model that
   * never closes a string, as random weights do), so a real model's first attempt is never capped.
   */
  maxStringLength?: number;
  maxArrayItems?: number;
}

/** A value as a Python literal, the way Python's `repr` spells JSON-like data (double quotes). */
export function pythonLiteral(value: unknown): string {
  if (value === null || value === undefined) return "None";
  if (value === true) return "True";
  if (value === false) return "False";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "None";
  if (typeof value === "string") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(pythonLiteral).join(", ")}]`;
  if (typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>);
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}: ${pythonLiteral(item)}`).join(", ")}}`;
  }
  return JSON.stringify(String(value));
}

/** The text a value is written as in `dialect`. */
export function literalText(value: unknown, dialect: ValueDialect): string {
  if (dialect === "python") return pythonLiteral(value);
  if (dialect === "functiongemma") return renderFunctionGemmaValue(value);
  if (dialect === "xml-text" && typeof value === "string") return value;
  return JSON.stringify(value) ?? "null";
}

/** GBNF for exactly this value in `dialect`. */
export function literalGbnf(value: unknown, dialect: ValueDialect): string {
  return gbnfLiteral(literalText(value, dialect));
}

/** Optional single space, allowed after `{`, `[`, `:` and `,` and before `}` and `]`. */
export const optionalSpace = '" "?';

/** GBNF for `true`/`false` in the dialect. */
export function booleanGbnf(dialect: ValueDialect): string {
  return dialect === "python" ? '("True" | "False")' : '("true" | "false")';
}

/** GBNF for null in the dialect. */
export function nullGbnf(dialect: ValueDialect): string {
  return dialect === "python" ? '"None"' : '"null"';
}

/**
 * Code points a string character must not be: controls, DEL, surrogates and values above
 * U+10FFFF. llama.cpp's grammar decodes byte tokens loosely, so without the last two a run of
 * random byte tokens can pass as one "character" and then detokenize as several U+FFFD.
 */
const notCodePoints = String.raw`\x00-\x1F\x7F\uD800-\uDFFF\U00110000-\U001FFFFF`;

/** The rule name for one character of a quoted string, adding the rule if needed. */
export function stringCharRule(rules: GbnfRuleSet, dialect: "json" | "python"): string {
  // Python has no `\/` escape; JSON escapes are otherwise valid Python escapes.
  const escapes = dialect === "json" ? String.raw`["\\/bfnrt]` : String.raw`["\\bfnrt]`;
  return rules.add(
    `${dialect}-char`,
    String.raw`[^"\\${notCodePoints}] | "\\" (${escapes} | "u" [0-9a-fA-F]{4})`,
  );
}

/** The GBNF character class for one raw xml-text character. */
export function xmlTextCharClass(options: DialectOptions): string {
  const excluded = options.xmlTextExcluded ?? "<";
  const escaped = [...excluded].map((character) =>
    /[\]\\^-]/.test(character) ? `\\${character}` : character,
  );
  return `[^${escaped.join("")}${notCodePoints.replace(String.raw`\x00-\x1F`, String.raw`\x00-\x08\x0B-\x1F`)}]`;
}

/**
 * The largest repetition count written into a grammar. llama.cpp expands `S{m,n}` into one rule per
 * count and refuses a grammar where the count times the size of `S` reaches 2000 ("number of rules
 * that are going to be repeated ... exceeds sane defaults"; llama-grammar.cpp), which a string's
 * `maxLength: 2000` over a character class did. Larger bounds are left open (a larger minimum is
 * written as this one): the grammar then allows more than the schema, and the argument validator,
 * which checks every call against the full schema, refuses what the grammar let through.
 */
export const maxGrammarRepetitions = 256;

/**
 * `expression` repeated between `minimum` and `maximum` (open when undefined) times, with bounds
 * above {@link maxGrammarRepetitions} relaxed as it explains. A counted repetition wraps the
 * expression in a group, so llama.cpp counts it as one symbol however large it is.
 */
export function repeatGbnf(expression: string, minimum: number, maximum: number | undefined): string {
  if (minimum > maxGrammarRepetitions || (maximum !== undefined && maximum > maxGrammarRepetitions)) {
    return repeatGbnf(expression, Math.min(minimum, maxGrammarRepetitions), undefined);
  }
  if (maximum === undefined) {
    if (minimum === 0) return `${expression}*`;
    if (minimum === 1) return `${expression}+`;
    return `(${expression}){${minimum},}`;
  }
  if (maximum === 0) return "";
  if (minimum === maximum) return minimum === 1 ? expression : `(${expression}){${minimum}}`;
  if (minimum === 0 && maximum === 1) return `${expression}?`;
  return `(${expression}){${minimum},${maximum}}`;
}

const dateGbnf = '[0-9]{4} "-" ("0" [1-9] | "1" [0-2]) "-" ("0" [1-9] | [12] [0-9] | "3" [01])';
const timeGbnf =
  '([01] [0-9] | "2" [0-3]) ":" [0-5] [0-9] ":" [0-5] [0-9] ("." [0-9]{1,6})? ("Z" | [+-] ([01] [0-9] | "2" [0-3]) ":" [0-5] [0-9])';

/** GBNF for the characters of a string with a known `format`, or undefined when not modelled. */
export function formatContentGbnf(format: unknown): string | undefined {
  switch (format) {
    case "date":
      return `(${dateGbnf})`;
    case "time":
      return `(${timeGbnf})`;
    case "date-time":
      return `(${dateGbnf} "T" ${timeGbnf})`;
    case "uuid":
      return '([0-9a-f]{8} "-" [0-9a-f]{4} "-" [0-9a-f]{4} "-" [0-9a-f]{4} "-" [0-9a-f]{12})';
    default:
      return undefined;
  }
}

/** A character class of one string character other than those in `also` (and `<`, always). */
function functionGemmaClass(also: string): string {
  return `[^<${also}${notCodePoints.replace(String.raw`\x00-\x1F`, String.raw`\x00-\x08\x0B-\x1F`)}]`;
}

/**
 * The rule name for one character of a FunctionGemma string: anything but a control character,
 * and `<` only where what follows cannot complete `<escape>` (the token that ends the string). A
 * `<` must be followed by a character, so a string never ends in `<`, `<e`, … `<escape`.
 */
export function functionGemmaCharRule(rules: GbnfRuleSet): string {
  // After "<" and each further character of the token, the next one must not continue it.
  let rest = functionGemmaClass(escapeToken[escapeToken.length - 1]!);
  for (let index = escapeToken.length - 2; index >= 1; index -= 1) {
    const character = escapeToken[index]!;
    rest = `(${functionGemmaClass(character)} | ${gbnfLiteral(character)} ${rest})`;
  }
  return rules.add("functiongemma-char", `${functionGemmaClass("")} | "<" ${rest}`);
}

/** GBNF for a FunctionGemma string whose characters match `content` (`""`: the empty string). */
export function functionGemmaStringGbnf(content: string): string {
  const quote = gbnfLiteral(escapeToken);
  return content === "" ? `(${quote} ${quote})` : `(${quote} ${content} ${quote})`;
}

/** GBNF for one character of a string in `dialect` (a rule name or a character class). */
export function stringCharacterGbnf(
  rules: GbnfRuleSet,
  dialect: ValueDialect,
  options: DialectOptions,
): string {
  if (dialect === "xml-text") return xmlTextCharClass(options);
  if (dialect === "functiongemma") return functionGemmaCharRule(rules);
  return stringCharRule(rules, dialect);
}

/** A string whose characters match `content`, delimited as `dialect` delimits strings. */
export function quotedStringGbnf(content: string, dialect: ValueDialect): string {
  if (dialect === "xml-text") return content === "" ? '""' : `(${content})`;
  if (dialect === "functiongemma") return functionGemmaStringGbnf(content);
  return `("\\"" ${content} "\\"")`;
}

/** The rule names for any FunctionGemma value and for any FunctionGemma object. */
export function functionGemmaAnyRules(
  rules: GbnfRuleSet,
  options: DialectOptions,
): { value: string; object: string } {
  if (rules.has("functiongemma-value") && rules.has("functiongemma-object")) {
    return { value: "functiongemma-value", object: "functiongemma-object" };
  }
  const value = rules.reserve("functiongemma-value");
  const character = functionGemmaCharRule(rules);
  const string = rules.add(
    "functiongemma-string",
    functionGemmaStringGbnf(repeatGbnf(character, 0, options.maxStringLength)),
  );
  const number = rules.add("json-number", '"-"? ([0-9] | [1-9] [0-9]{1,15}) ("." [0-9]{1,15})?');
  const member = `[a-zA-Z_] [a-zA-Z0-9_]* ":" ${value}`;
  const object = rules.add("functiongemma-object", `"{" (${member} ("," ${member})*)? "}"`);
  const array = rules.add("functiongemma-array", `"[" (${value} ("," ${value})*)? "]"`);
  rules.define(
    value,
    `${object} | ${array} | ${string} | ${number} | ${booleanGbnf("json")} | ${nullGbnf("json")}`,
  );
  return { value, object };
}

/** The rule name for any value in `dialect` (recursive rules for objects and arrays). */
export function anyValueRule(rules: GbnfRuleSet, dialect: ValueDialect, options: DialectOptions): string {
  if (dialect === "xml-text") {
    return rules.add("xml-text", repeatGbnf(xmlTextCharClass(options), 0, options.maxStringLength));
  }
  if (dialect === "functiongemma") return functionGemmaAnyRules(rules, options).value;
  const prefix = dialect === "json" ? "json" : "python";
  const valueName = `${prefix}-value`;
  if (rules.has(valueName)) return valueName;
  const value = rules.reserve(valueName);
  const character = stringCharRule(rules, dialect);
  const string = rules.add(
    `${prefix}-string`,
    `"\\"" ${repeatGbnf(character, 0, options.maxStringLength)} "\\""`,
  );
  const number = rules.add("json-number", '"-"? ([0-9] | [1-9] [0-9]{1,15}) ("." [0-9]{1,15})?');
  const member = `${string} ":" ${optionalSpace} ${value}`;
  const object = rules.add(
    `${prefix}-object`,
    `"{" ${optionalSpace} (${member} ("," ${optionalSpace} ${member})*)? ${optionalSpace} "}"`,
  );
  const array = rules.add(
    `${prefix}-array`,
    `"[" ${optionalSpace} (${value} ("," ${optionalSpace} ${value})*)? ${optionalSpace} "]"`,
  );
  rules.define(
    value,
    `${object} | ${array} | ${string} | ${number} | ${booleanGbnf(dialect)} | ${nullGbnf(dialect)}`,
  );
  return value;
}
