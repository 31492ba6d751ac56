/**
 * BFCL's `simple_function_checker`: one model call against one function doc and one possible
 * answer. Order of checks (and so the error type reported) follows the official checker: name,
 * required parameters, then each argument in the model's order (unknown, type, value), then
 * possible-answer parameters the model left out.
 */

import { type CheckResult, failed, passed } from "./check-result.js";
import { CheckerCrash } from "./checker-crash.js";
import { javaTypeConversion, javaTypeConverter } from "./java-type-converter.js";
import { jsTypeConversion, jsTypeConverter } from "./js-type-converter.js";
import { pyRepr } from "./py-repr.js";
import { dictGet, dictIndex, type PyDict, type PyValue, pyIn, pyStr, pyTypeName } from "./py-value.js";
import { typeChecker } from "./type-checker.js";
import { dictChecker, listChecker, listDictChecker, stringChecker } from "./value-checkers.js";

/** Which type rules apply: Python values, or Java / JavaScript literal strings. */
export type BfclLanguage = "python" | "java" | "javascript";

/** A documented parameter: its Gorilla type and, for collections, its item type. */
export interface BfclParamDoc {
  type: unknown;
  itemsType: unknown;
  hasItems: boolean;
}

/** A function doc reduced to what the checker reads. */
export interface BfclFunctionDoc {
  name: string;
  properties: ReadonlyMap<string, BfclParamDoc>;
  required: readonly string[];
}

/** One decoded model call: its name and its arguments (keys are str, or None for `**kwargs`). */
export interface BfclModelCall {
  name: string;
  args: PyDict;
}

/** Gorilla type → Python type for Python entries, as BFCL's PYTHON_TYPE_MAPPING. */
const pythonTypeMapping: Readonly<Record<string, string>> = {
  string: "str",
  integer: "int",
  float: "float",
  boolean: "bool",
  array: "list",
  tuple: "list",
  dict: "dict",
  any: "str",
};

const pythonNestedTypes = new Set(["array", "tuple"]);
const convertedNestedTypes = new Set(["Array", "ArrayList", "array"]);

function mapType(table: Readonly<Record<string, string>>, type: unknown): string {
  const mapped = typeof type === "string" && Object.hasOwn(table, type) ? table[type] : undefined;
  if (mapped === undefined) throw new CheckerCrash("KeyError", `no type mapping for ${JSON.stringify(type)}`);
  return mapped;
}

function itemsType(doc: BfclParamDoc): string {
  if (!doc.hasItems || typeof doc.itemsType !== "string")
    throw new CheckerCrash("KeyError", "the parameter doc has no items type");
  return doc.itemsType;
}

/** Applies the "." → "_" renaming of function-calling mode to an expected function name. */
export function fcFunctionName(name: string): string {
  return name.includes(".") ? name.replace(/\./g, "_") : name;
}

function optionItems(options: PyValue): readonly PyValue[] {
  if (options.kind === "list") return options.items;
  throw new CheckerCrash("TypeError", "possible answers for a parameter are not a list");
}

/**
 * Checks `call` against `doc` and `answer` (the `{name: {param: [options]}}` possible answer).
 * `fcNames` compares against the function-calling name (`.` → `_`).
 */
export function simpleFunctionChecker(
  doc: BfclFunctionDoc,
  call: BfclModelCall,
  answer: PyDict,
  language: BfclLanguage,
  fcNames: boolean,
): CheckResult {
  const answerParams = answer.values[0];
  if (answerParams?.kind !== "dict")
    throw new CheckerCrash("TypeError", "the possible answer has no parameter dict");
  const functionName = fcNames ? fcFunctionName(doc.name) : doc.name;
  if (call.name !== functionName) {
    return failed(
      "simple_function_checker:wrong_func_name",
      `Function name ${pyRepr(pyStr(functionName))} not found in model output.`,
    );
  }
  const args = call.args;
  for (const param of doc.required) {
    if (dictIndex(args, pyStr(param)) < 0)
      return failed(
        "simple_function_checker:missing_required",
        `Missing required parameter: ${pyRepr(pyStr(param))}.`,
      );
  }

  for (let index = 0; index < args.keys.length; index += 1) {
    const key = args.keys[index] as PyValue;
    const paramDoc = key.kind === "str" ? doc.properties.get(key.value) : undefined;
    const options = paramDoc ? dictGet(answerParams, key) : undefined;
    if (key.kind !== "str" || !paramDoc || !options)
      return failed("simple_function_checker:unexpected_param", `Unexpected parameter: ${pyRepr(key)}.`);
    const outcome = checkArgument(
      key.value,
      args.values[index] as PyValue,
      paramDoc,
      optionItems(options),
      language,
    );
    if (!outcome.valid) return outcome;
  }

  for (let index = 0; index < answerParams.keys.length; index += 1) {
    const key = answerParams.keys[index] as PyValue;
    if (dictIndex(args, key) < 0 && !pyIn(pyStr(""), optionItems(answerParams.values[index] as PyValue))) {
      return failed(
        "simple_function_checker:missing_optional",
        `Optional parameter ${pyRepr(key)} not provided and not marked as optional.`,
      );
    }
  }
  return passed();
}

function languageMismatch(language: "java" | "javascript", param: string, value: PyValue): CheckResult {
  return failed(
    language === "java" ? "type_error:java" : "type_error:js",
    `Incorrect type for parameter ${pyRepr(pyStr(param))}. Expected type String, got ${pyTypeName(value)}. Parameter value: ${pyRepr(value)}.`,
  );
}

function checkArgument(
  param: string,
  given: PyValue,
  paramDoc: BfclParamDoc,
  options: readonly PyValue[],
  language: BfclLanguage,
): CheckResult {
  const description = paramDoc.type;
  let value = given;
  let expectedType: string;
  let nestedType: string | undefined;

  if (language === "python") {
    expectedType = mapType(pythonTypeMapping, description);
    if (pythonNestedTypes.has(description as string))
      nestedType = mapType(pythonTypeMapping, itemsType(paramDoc));
  } else {
    const table = language === "java" ? javaTypeConversion : jsTypeConversion;
    const convert = language === "java" ? javaTypeConverter : jsTypeConverter;
    expectedType = mapType(table, description);
    if (value.kind !== "str") return languageMismatch(language, param, value);
    if (convertedNestedTypes.has(description as string)) {
      const itemType = itemsType(paramDoc);
      nestedType = mapType(table, itemType);
      value = convert(value.value, description as string, itemType);
    } else {
      value = convert(value.value, description as string);
    }
  }

  // Tuples become lists for tuple parameters; ints are accepted for Python floats.
  if (description === "tuple" && value.kind === "tuple") value = { kind: "list", items: value.items };
  if (language === "python" && description === "float" && value.kind === "int") {
    const asFloat = Number(value.value);
    if (!Number.isFinite(asFloat))
      throw new CheckerCrash("OverflowError", "int too large to convert to float");
    value = { kind: "float", value: asFloat };
  }

  const typeResult = typeChecker(param, value, options, String(description), expectedType, nestedType);
  if (!typeResult.valid) return { valid: false, errors: typeResult.errors, errorType: typeResult.errorType };

  if (!typeResult.isVariable) {
    if (expectedType === "dict") return dictChecker(param, value, options);
    if (expectedType === "list" && nestedType === "dict")
      return listDictChecker(param, value.kind === "list" ? value.items : [], options);
    if (expectedType === "str") return stringChecker(param, value.kind === "str" ? value.value : "", options);
    if (expectedType === "list") return listChecker(param, value.kind === "list" ? value.items : [], options);
  }
  if (!pyIn(value, options)) {
    return failed(
      "value_error:others",
      `Invalid value for parameter ${pyRepr(pyStr(param))}: ${pyRepr(value)}. Expected one of ${pyRepr({ kind: "list", items: options as PyValue[] })}.`,
    );
  }
  return passed();
}
