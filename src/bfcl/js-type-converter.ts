/**
 * BFCL's conversion of JavaScript argument strings (`"'text'"`, `"[1, 2]"`, `"{a: 1}"`, `"5n"`)
 * into values before checking, with the official converter's regular expressions and fall-backs.
 * Regexes follow Python `re` semantics (see {@link pyRe}).
 */
import { CheckerCrash } from "./checker-crash.js";
import { dictSet, emptyDict, type PyValue, pyFalse, pyStr, pyTrue } from "./py-value.js";
import {
  pyDropLast,
  pyFloatFromText,
  pyInner,
  pyIntFromText,
  pyRe,
  pyStrip,
  pyStripChars,
} from "./python-text.js";

/** Gorilla JavaScript type → Python type name, as BFCL's JS_TYPE_CONVERSION. */
export const jsTypeConversion: Readonly<Record<string, string>> = {
  String: "str",
  integer: "int",
  float: "float",
  Bigint: "int",
  Boolean: "bool",
  dict: "dict",
  array: "list",
  any: "str",
};

const { space: s, digit: d, dot, end } = pyRe;
const integerPattern = new RegExp(`^-?${d}+${end}`, "u");
const floatPattern = new RegExp(`^-?${d}+(\\.${d}+)?${end}`, "u");
const bigintPattern = new RegExp(`^-?${d}+n${end}`, "u");
const array2dPattern = new RegExp(
  `^(?:\\[${s}*\\[${dot}*?\\]${s}*(,${s}*\\[${dot}*?\\]${s}*)*\\]|\\bnew${s}+Array\\(${s}*\\[${dot}*?\\]${s}*(,${s}*\\[${dot}*?\\]${s}*)*\\))`,
  "u",
);
const innerArrayPattern = new RegExp(`\\[(${dot}*?)\\]`, "gu");
const arrayPattern = new RegExp(`^(?:\\[(${dot}*?)\\]|\\bnew${s}+Array\\((${dot}*?)\\))`, "u");
const dictPattern = new RegExp(`^\\{(${dot}*?)\\}`, "u");
const pairPattern = new RegExp(`([^:]+):${s}*(${dot}*?)(?:,${s}*(?=[^,]+:)|$)`, "gu");

function quoted(text: string): boolean {
  return (text.startsWith('"') && text.endsWith('"')) || (text.startsWith("'") && text.endsWith("'"));
}

/** BFCL's `js_type_converter(value, expected_type, nested_type)`. */
export function jsTypeConverter(value: string, expectedType: string, nestedType?: string): PyValue {
  switch (expectedType) {
    case "String":
      return pyStr(quoted(value) ? pyInner(value) : value);
    case "integer":
      return integerPattern.test(value) ? int(value) : pyStr(value);
    case "float":
      return floatPattern.test(value) ? float(value) : pyStr(value);
    case "Bigint":
      return bigintPattern.test(value) ? int(pyDropLast(value)) : pyStr(value);
    case "Boolean":
      if (value === "true") return pyTrue;
      if (value === "false") return pyFalse;
      return pyStr(value);
    case "dict":
      return parseJsCollection(value, "dict", nestedType);
    case "array":
      return parseJsCollection(value, "array", nestedType);
    case "any":
      return pyStr(value);
    default:
      throw new CheckerCrash("ValueError", `Unsupported type: ${expectedType}`);
  }
}

function int(text: string): PyValue {
  const value = pyIntFromText(text);
  if (value === undefined) throw new CheckerCrash("ValueError", `invalid literal for int(): ${text}`);
  return { kind: "int", value };
}

function float(text: string): PyValue {
  const value = pyFloatFromText(text);
  if (value === undefined) throw new CheckerCrash("ValueError", `could not convert string to float: ${text}`);
  return { kind: "float", value };
}

function splitElements(text: string): string[] {
  const trimmed = pyStrip(text);
  return trimmed === "" ? [] : trimmed.split(",");
}

function parseJsCollection(input: string, type: "array" | "dict", nestedType?: string): PyValue {
  const code = pyStrip(input);
  if (type === "dict") return parseDict(code);
  try {
    const match2d = array2dPattern.exec(code);
    if (match2d) {
      const items: PyValue[] = [];
      let index = 0;
      for (const inner of match2d[0].matchAll(innerArrayPattern)) {
        let text = pyStrip(inner[1] ?? "");
        if (index === 0 && text.startsWith("[")) text = text.slice(1);
        items.push({ kind: "list", items: text.split(",").map((part) => parseJsValue(pyStrip(part))) });
        index += 1;
      }
      return { kind: "list", items };
    }
    const match = arrayPattern.exec(code);
    if (!match) return pyStr(code);
    const elements = splitElements(match[1] ?? match[2] ?? "");
    if (!nestedType) return { kind: "list", items: elements.map((part) => parseJsValue(pyStrip(part))) };
    const items = elements.map((part) => {
      const element = pyStrip(part);
      const isQuoted = element.startsWith("'") || element.startsWith('"');
      return isQuoted ? jsTypeConverter(element, nestedType, "String") : jsTypeConverter(element, nestedType);
    });
    return { kind: "list", items };
  } catch (error) {
    // The official code wraps the array branch in a bare `except:` and returns the text.
    if (error instanceof CheckerCrash) return pyStr(code);
    throw error;
  }
}

function parseDict(code: string): PyValue {
  if (code === "{}") return emptyDict();
  const match = dictPattern.exec(code);
  if (!match) return pyStr(code);
  try {
    const dict = emptyDict();
    for (const pair of (match[1] ?? "").matchAll(pairPattern)) {
      const key = pyStripChars(pyStrip(pair[1] ?? ""), "'\"");
      const value = pyStrip(pair[2] ?? "");
      let parsed: PyValue;
      if (value.startsWith("[") && value.endsWith("]")) parsed = parseJsCollection(value, "array");
      else if (value.startsWith("{") && value.endsWith("}")) parsed = parseJsCollection(value, "dict");
      else parsed = parseJsValue(pyStripChars(value, "'\""));
      dictSet(dict, pyStr(key), parsed);
    }
    return dict;
  } catch (error) {
    if (error instanceof CheckerCrash) return pyStr(code);
    throw error;
  }
}

/** BFCL's `parse_js_value`: a JavaScript literal without a declared type. */
export function parseJsValue(input: string): PyValue {
  const text = pyStrip(input);
  if (text === "true") return pyTrue;
  if (text === "false") return pyFalse;
  if (quoted(text)) return pyStr(pyInner(text));
  const integer = pyIntFromText(text);
  if (integer !== undefined) return { kind: "int", value: integer };
  const number = pyFloatFromText(text);
  if (number !== undefined) return { kind: "float", value: number };
  return pyStr(text);
}
