/**
 * BFCL's conversion of Java argument strings (`"5L"`, `"new int[]{1, 2}"`,
 * `new HashMap<String, String>() {{ put("k", "v"); }}`) into values before checking, with the
 * official converter's regular expressions and fall-backs (a string that does not convert stays a
 * string). Regexes follow Python `re` semantics (see {@link pyRe}).
 */
import { CheckerCrash } from "./checker-crash.js";
import { dictSet, emptyDict, type PyValue, pyFalse, pyStr, pyTrue } from "./py-value.js";
import { pyDropLast, pyFloatFromText, pyInner, pyIntFromText, pyRe, pyStrip } from "./python-text.js";

/** Gorilla Java type → Python type name, as BFCL's JAVA_TYPE_CONVERSION. */
export const javaTypeConversion: Readonly<Record<string, string>> = {
  byte: "int",
  short: "int",
  integer: "int",
  float: "float",
  double: "float",
  long: "int",
  boolean: "bool",
  char: "str",
  Array: "list",
  ArrayList: "list",
  Set: "set",
  HashMap: "dict",
  Hashtable: "dict",
  Queue: "list",
  Stack: "list",
  String: "str",
  any: "str",
};

const { space: s, digit: d, word: w, dot, end } = pyRe;
const integerPattern = new RegExp(`^-?${d}+${end}`, "u");
const floatPattern = new RegExp(`^-?${d}+(\\.${d}+)?([eE][+-]?${d}+)?[fF]${end}`, "u");
const doublePattern = new RegExp(`^-?${d}+(\\.${d}+)?([eE][+-]?${d}+)?${end}`, "u");
const longPattern = new RegExp(`^-?${d}+[lL]${end}`, "u");
const trailingF = /[fF](?=\n?$)/u;
const trailingL = /[lL](?=\n?$)/u;
const asListPattern = new RegExp(`new${s}+ArrayList<${w}*>\\(Arrays\\.asList\\((${dot}+?)\\)\\)`, "u");
const addBlockPattern = new RegExp(`new${s}+ArrayList<${w}*>\\(\\)${s}*\\{\\{${s}*([^]+?)${s}*\\}\\}`, "u");
const addCallPattern = new RegExp(`add\\((${dot}+?)\\)`, "gu");
const emptyArrayListPattern = new RegExp(`new${s}+ArrayList<${w}*>\\(\\)`, "u");
const arrayPattern = new RegExp(`new${s}+${w}+\\[\\]${s}*\\{(${dot}*?)\\}`, "u");
const hashMapPattern = new RegExp(
  `new${s}+HashMap<[^]*?>${s}*\\(\\)${s}*\\{${s}*\\{?${s}*([^]*?)${s}*\\}?${s}*\\}`,
  "u",
);
const putPattern = new RegExp(`put\\("(${dot}*?)",${s}*(${dot}*?)\\)`, "gu");
const emptyHashMapPattern = new RegExp(`new${s}+HashMap<${dot}*?>${s}*\\(\\)`, "u");

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

/** BFCL's `java_type_converter(value, expected_type, nested_type)`. */
export function javaTypeConverter(value: string, expectedType: string, nestedType?: string): PyValue {
  if (!Object.hasOwn(javaTypeConversion, expectedType))
    throw new CheckerCrash("ValueError", `Unsupported type: ${expectedType}`);
  switch (expectedType) {
    case "byte":
    case "short":
    case "integer":
      return integerPattern.test(value) ? int(value) : pyStr(value);
    case "float":
      return floatPattern.test(value) ? float(value.replace(trailingF, "")) : pyStr(value);
    case "double":
      return doublePattern.test(value) ? float(value) : pyStr(value);
    case "long":
      return longPattern.test(value) ? int(value.replace(trailingL, "")) : pyStr(value);
    case "boolean":
      if (value === "true") return pyTrue;
      if (value === "false") return pyFalse;
      return pyStr(value);
    case "char":
      // The official pattern `^\'.$\'` can never match, so a char stays as written.
      return pyStr(value);
    case "Array":
      return parseArray(value, nestedType);
    case "ArrayList":
      return parseArrayList(value, nestedType);
    case "HashMap":
      return parseHashMap(value);
    case "String":
    case "any":
      return pyStr(value);
    default:
      throw new CheckerCrash("NotImplementedError", `${expectedType} conversion is not implemented`);
  }
}

function collectionElement(text: string, nestedType: string | undefined): PyValue {
  if (nestedType === "char" || nestedType === "String") return pyStr(pyInner(text));
  return nestedType ? javaTypeConverter(text, nestedType) : parseJavaValue(text);
}

function parseArrayList(input: string, nestedType: string | undefined): PyValue {
  const asList = asListPattern.exec(input);
  if (asList) {
    const items = (asList[1] ?? "").split(",").map((part) => collectionElement(pyStrip(part), nestedType));
    return { kind: "list", items };
  }
  const addBlock = addBlockPattern.exec(input);
  if (addBlock) {
    const items: PyValue[] = [];
    for (const match of (addBlock[1] ?? "").matchAll(addCallPattern)) {
      items.push(collectionElement(pyStrip(match[1] ?? ""), nestedType));
    }
    return { kind: "list", items };
  }
  if (emptyArrayListPattern.test(input)) return { kind: "list", items: [] };
  return pyStr(input);
}

function parseArray(input: string, nestedType: string | undefined): PyValue {
  const match = arrayPattern.exec(input);
  if (!match) return pyStr(input);
  const items: PyValue[] = [];
  for (const part of (match[1] ?? "").split(",")) {
    const element = pyStrip(part);
    if (element === "") continue;
    items.push(nestedType ? javaTypeConverter(element, nestedType) : parseJavaValue(element));
  }
  return { kind: "list", items };
}

function parseHashMap(input: string): PyValue {
  const match = hashMapPattern.exec(input);
  if (match) {
    const dict = emptyDict();
    const puts = match[1] ?? "";
    if (pyStrip(puts) !== "") {
      for (const put of puts.matchAll(putPattern)) {
        dictSet(dict, pyStr(put[1] ?? ""), parseJavaValue(pyStrip(put[2] ?? "")));
      }
    }
    return dict;
  }
  if (emptyHashMapPattern.test(input)) return emptyDict();
  return pyStr(input);
}

const longValuePattern = new RegExp(`^-?${d}+[lL]${end}`, "u");

/** BFCL's `parse_java_value`: a Java literal without a declared type. */
export function parseJavaValue(text: string): PyValue {
  if (text === "true") return pyTrue;
  if (text === "false") return pyFalse;
  if (text.startsWith('"') && text.endsWith('"')) return pyStr(pyInner(text));
  if (longValuePattern.test(text)) return int(pyDropLast(text));
  if (floatPattern.test(text)) return float(text.replace(trailingF, ""));
  const integer = pyIntFromText(text);
  if (integer !== undefined) return { kind: "int", value: integer };
  const number = pyFloatFromText(text);
  if (number !== undefined) return { kind: "float", value: number };
  return pyStr(text);
}
