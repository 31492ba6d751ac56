/**
 * BFCL's value checks after the type check: strings are standardised before membership, lists are
 * compared element-wise (top-level strings standardised), dicts key by key against each possible
 * dict, lists of dicts dict by dict. Messages and error types are the official ones.
 */

import { type CheckResult, passed } from "./check-result.js";
import { CheckerCrash } from "./checker-crash.js";
import { pyRepr, pyStrOf } from "./py-repr.js";
import {
  dictGet,
  dictIndex,
  isEmptyString,
  type PyDict,
  type PyValue,
  pyEquals,
  pyIn,
  pyStr,
} from "./py-value.js";
import { standardizeString } from "./standardize.js";

function standardizedValue(value: PyValue): PyValue {
  return value.kind === "str" ? pyStr(standardizeString(value.value)) : value;
}

function reprParam(param: string): string {
  return pyRepr(pyStr(param));
}

function listRepr(values: readonly PyValue[]): string {
  return pyRepr({ kind: "list", items: values as PyValue[] });
}

/** The items Python iterates when it indexes `sequence[i]` for i in range(len(sequence)). */
function indexedItems(sequence: PyValue, what: string): readonly PyValue[] {
  if (sequence.kind === "list" || sequence.kind === "tuple") return sequence.items;
  if (sequence.kind === "str") return Array.from(sequence.value, (char) => pyStr(char));
  throw new CheckerCrash("TypeError", `cannot index ${what} of type ${sequence.kind} by position`);
}

/** `string_checker`: standardised membership among the string answers. */
export function stringChecker(param: string, value: string, possibleAnswer: readonly PyValue[]): CheckResult {
  const target = standardizeString(value);
  for (const answer of possibleAnswer) {
    if (answer.kind === "str" && standardizeString(answer.value) === target) return passed();
  }
  return {
    valid: false,
    errors: [
      `Invalid value for parameter ${reprParam(param)}: ${pyRepr(pyStr(value))}. Expected one of ${listRepr(possibleAnswer)}. Case insensitive.`,
    ],
    errorType: "value_error:string",
  };
}

/** `list_checker`: the list, top-level strings standardised, must equal one possible list. */
export function listChecker(
  param: string,
  value: readonly PyValue[],
  possibleAnswer: readonly PyValue[],
): CheckResult {
  const target: PyValue = { kind: "list", items: value.map(standardizedValue) };
  // Every option is standardised before the membership test, as in the official code.
  const options = possibleAnswer.map((answer) =>
    indexedItems(answer, "a possible answer").map(standardizedValue),
  );
  for (const items of options)
    if (pyEquals(target, { kind: "list", items: items as PyValue[] })) return passed();
  return {
    valid: false,
    errors: [
      `Invalid value for parameter ${reprParam(param)}: ${pyRepr({ kind: "list", items: value as PyValue[] })}. Expected one of ${listRepr(possibleAnswer)}.`,
    ],
    errorType: "value_error:list/tuple",
  };
}

function keyIn(key: PyValue, container: PyValue): boolean {
  if (container.kind === "dict") return dictIndex(container, key) >= 0;
  if (container.kind === "list" || container.kind === "tuple") return pyIn(key, container.items);
  if (container.kind === "str" && key.kind === "str") return container.value.includes(key.value);
  throw new CheckerCrash("TypeError", `argument of type '${container.kind}' is not iterable`);
}

function emptyIn(options: PyValue): boolean {
  return keyIn(pyStr(""), options);
}

/** `dict_checker`: the dict must match one possible dict (the last failure is reported). */
export function dictChecker(
  _param: string,
  value: PyValue,
  possibleAnswers: readonly PyValue[],
): CheckResult {
  let result: CheckResult = { valid: false, errors: [], errorType: "dict_checker:unclear" };
  for (const possible of possibleAnswers) {
    if (isEmptyString(possible)) continue;
    if (value.kind !== "dict")
      throw new CheckerCrash("AttributeError", `'${value.kind}' object has no attribute 'items'`);
    result = { valid: false, errors: [], errorType: "dict_checker:unclear" };
    let matches = true;
    for (let index = 0; index < value.keys.length; index += 1) {
      const key = value.keys[index] as PyValue;
      const item = value.values[index] as PyValue;
      if (!keyIn(key, possible)) {
        result.errors.push(`Unexpected dict key parameter: '${pyStrOf(key)}'.`);
        result.errorType = "value_error:dict_key";
        matches = false;
        break;
      }
      const options = lookup(possible, key);
      const standardizedOptions = indexedItems(options, "a dict answer").map(standardizedValue);
      if (!pyIn(standardizedValue(item), standardizedOptions)) {
        result.errors.push(
          `Invalid value for parameter ${pyRepr(key)}: ${pyRepr(item)}. Expected one of ${listRepr(standardizedOptions)}.`,
        );
        result.errorType = "value_error:dict_value";
        matches = false;
        break;
      }
    }
    // The official code runs this loop even after a failure above, so its error type can win.
    if (possible.kind !== "dict")
      throw new CheckerCrash("AttributeError", `'${possible.kind}' object has no attribute 'items'`);
    for (let index = 0; index < possible.keys.length; index += 1) {
      const key = possible.keys[index] as PyValue;
      if (dictIndex(value, key) < 0 && !emptyIn(possible.values[index] as PyValue)) {
        result.errors.push(`Missing dict key parameter: '${pyStrOf(key)}'.`);
        result.errorType = "value_error:dict_key";
        matches = false;
        break;
      }
    }
    if (matches) return passed();
  }
  return result;
}

function lookup(container: PyValue, key: PyValue): PyValue {
  if (container.kind === "dict") return dictGet(container as PyDict, key) as PyValue;
  throw new CheckerCrash("TypeError", `cannot look up a key in a ${container.kind}`);
}

function sizeOf(value: PyValue): number {
  if (value.kind === "list" || value.kind === "tuple") return value.items.length;
  if (value.kind === "str") return Array.from(value.value).length;
  if (value.kind === "dict") return value.keys.length;
  throw new CheckerCrash("TypeError", `object of type '${value.kind}' has no len()`);
}

/** `list_dict_checker`: a list of dicts matched dict by dict, in order, against each possible list. */
export function listDictChecker(
  param: string,
  value: readonly PyValue[],
  possibleAnswers: readonly PyValue[],
): CheckResult {
  let result: CheckResult = { valid: false, errors: [], errorType: "list_dict_checker:unclear" };
  for (const possible of possibleAnswers) {
    if (value.length !== sizeOf(possible)) {
      result = {
        valid: false,
        errors: ["Wrong number of dictionaries in the list."],
        errorType: "value_error:list_dict_count",
      };
      continue;
    }
    let matches = true;
    const expectedItems = value.length === 0 ? [] : indexedItems(possible, "a possible answer");
    for (let index = 0; index < value.length; index += 1) {
      result = dictChecker(param, value[index] as PyValue, [expectedItems[index] as PyValue]);
      if (!result.valid) {
        matches = false;
        break;
      }
    }
    if (matches) return passed();
  }
  return result;
}
