/**
 * BFCL's `type_checker`: is a value of the documented type, or of the type of the possible answer
 * (then it is a "variable": a name the model passed instead of a literal, compared as written)?
 * Lists get one level of item checking against each list in the possible answers.
 */

import { pyRepr } from "./py-repr.js";
import { isEmptyString, type PyValue, pyTypeName } from "./py-value.js";

/** Outcome of a type check; `isVariable` tells the caller to skip value standardisation. */
export interface TypeCheckResult {
  valid: boolean;
  errors: string[];
  errorType: string;
  isVariable: boolean;
}

/** Type of the first possible answer that is not the optional marker `""`. */
export function possibleAnswerType(possibleAnswer: readonly PyValue[]): string | undefined {
  for (const answer of possibleAnswer) if (!isEmptyString(answer)) return pyTypeName(answer);
  return undefined;
}

/**
 * `type_checker(param, value, possible_answer, expected_type_description, expected_type_converted,
 * nested_type_converted)`; type names are Python's (`int`, `str`, `list`, ...).
 */
export function typeChecker(
  param: string,
  value: PyValue,
  possibleAnswer: readonly PyValue[],
  expectedDescription: string,
  expectedType: string,
  nestedType: string | undefined,
): TypeCheckResult {
  const result: TypeCheckResult = {
    valid: true,
    errors: [],
    isVariable: false,
    errorType: "type_error:simple",
  };
  const answerType = possibleAnswerType(possibleAnswer);
  const isVariable = answerType !== undefined && answerType !== expectedType;
  const valueType = pyTypeName(value);

  if (valueType === expectedType) {
    if (nestedType === undefined) {
      result.isVariable = isVariable;
      return result;
    }
    const items = value.kind === "list" || value.kind === "tuple" ? value.items : [];
    for (const answerItem of possibleAnswer) {
      let matches = true;
      if (answerItem.kind === "list") {
        for (const item of items) {
          const inner = typeChecker(
            param,
            item,
            answerItem.items,
            `<class '${nestedType}'>`,
            nestedType,
            undefined,
          );
          if (!inner.valid) {
            matches = false;
            break;
          }
        }
      }
      if (matches) return { valid: true, errors: [], errorType: "type_error:simple", isVariable };
    }
    result.valid = false;
    result.errors = [
      `Nested type checking failed for parameter ${pyRepr({ kind: "str", value: param })}. Expected outer type ${expectedDescription} with inner type <class '${nestedType}'>. Parameter value: ${pyRepr(value)}.`,
    ];
    result.errorType = "type_error:nested";
  }

  // A value of the possible answer's type is a variable (e.g. a name given for a number).
  if (answerType !== undefined && valueType === answerType) {
    result.isVariable = true;
    return result;
  }
  result.valid = false;
  result.errors.push(
    `Incorrect type for parameter ${pyRepr({ kind: "str", value: param })}. Expected type ${expectedDescription}, got ${valueType}. Parameter value: ${pyRepr(value)}.`,
  );
  result.errorType = "type_error:simple";
  return result;
}
