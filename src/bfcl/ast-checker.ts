/**
 * BFCL's `ast_checker`: picks the checker from the category name ("parallel" → every expected
 * call matched, in any order; "multiple" → one call to the expected function; otherwise one call
 * checked against the first function doc) and returns the official verdict.
 */

import { type CheckResult, failed, passed } from "./check-result.js";
import { CheckerCrash } from "./checker-crash.js";
import {
  type BfclFunctionDoc,
  type BfclLanguage,
  type BfclModelCall,
  simpleFunctionChecker,
} from "./function-checker.js";
import { pyRepr } from "./py-repr.js";
import type { PyDict, PyValue } from "./py-value.js";

/** What the checker needs besides the model calls. */
export interface AstCheckInput {
  category: string;
  language: BfclLanguage;
  functions: readonly BfclFunctionDoc[];
  /** The ground truth: one `{name: {param: [options]}}` dict per expected call. */
  groundTruth: readonly PyDict[];
  fcNames: boolean;
}

function findDescription(functions: readonly BfclFunctionDoc[], name: string): BfclFunctionDoc {
  const found = functions.find((doc) => doc.name === name);
  if (!found) throw new CheckerCrash("TypeError", `no function doc named ${name}`);
  return found;
}

function expectedName(answer: PyDict): string {
  const key = answer.keys[0];
  if (key?.kind !== "str") throw new CheckerCrash("IndexError", "a possible answer has no function name");
  return key.value;
}

/** Checks decoded calls against an entry's ground truth. */
export function astChecker(calls: readonly BfclModelCall[], input: AstCheckInput): CheckResult {
  const { category, language, functions, groundTruth, fcNames } = input;
  if (category.includes("parallel")) return parallelNoOrder(calls, input);
  if (category.includes("multiple")) {
    if (calls.length !== groundTruth.length)
      return failed("multiple_function_checker:wrong_count", "Wrong number of functions.");
    const answer = groundTruth[0] as PyDict;
    const doc = findDescription(functions, expectedName(answer));
    return simpleFunctionChecker(doc, calls[0] as BfclModelCall, answer, language, fcNames);
  }
  if (calls.length !== 1) return failed("simple_function_checker:wrong_count", "Wrong number of functions.");
  const doc = functions[0];
  const answer = groundTruth[0];
  if (!doc || !answer)
    throw new CheckerCrash("IndexError", "the entry has no function doc or no ground truth");
  return simpleFunctionChecker(doc, calls[0] as BfclModelCall, answer, language, fcNames);
}

function parallelNoOrder(calls: readonly BfclModelCall[], input: AstCheckInput): CheckResult {
  const { language, functions, groundTruth, fcNames } = input;
  if (calls.length !== groundTruth.length)
    return failed("parallel_function_checker_no_order:wrong_count", "Wrong number of functions.");
  const matched = new Set<number>();
  for (let answerIndex = 0; answerIndex < groundTruth.length; answerIndex += 1) {
    const answer = groundTruth[answerIndex] as PyDict;
    const doc = findDescription(functions, expectedName(answer));
    const subErrors: string[] = [];
    let found = false;
    for (let index = 0; index < calls.length; index += 1) {
      if (matched.has(index)) continue;
      const result = simpleFunctionChecker(doc, calls[index] as BfclModelCall, answer, language, fcNames);
      if (result.valid) {
        matched.add(index);
        found = true;
        break;
      }
      subErrors.push(`Model Result Index ${index}: ${result.errorType}: ${result.errors.join(" ")}`);
    }
    if (!found) {
      const considered = calls.map((_, index) => index).filter((index) => !matched.has(index));
      return {
        valid: false,
        errors: [
          `Could not find a matching function among index [${considered.join(", ")}] of model output for index ${answerIndex} of possible answers.`,
          ...subErrors,
        ],
        errorType: "parallel_function_checker_no_order:cannot_find_match",
      };
    }
  }
  return passed();
}

/** The calls in a decoded output, or undefined when it is not BFCL's function-calling format. */
export function toModelCalls(decoded: PyValue): BfclModelCall[] | undefined {
  if (decoded.kind !== "list") return undefined;
  const calls: BfclModelCall[] = [];
  for (const item of decoded.items) {
    if (item.kind !== "dict" || item.keys.length !== 1) return undefined;
    const args = item.values[0] as PyValue;
    if (args.kind !== "dict") return undefined;
    const name = item.keys[0] as PyValue;
    calls.push({ name: name.kind === "str" ? name.value : pyRepr(name), args });
  }
  return calls;
}
