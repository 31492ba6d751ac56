/**
 * Evaluation of literal arithmetic, as BFCL's decoder does for a binary operation in an argument
 * (`eval(ast.unparse(node))`: `a=2*3` gives 6, `a="x"+"y"` gives "xy", `a=[0]*2` gives [0, 0]).
 * Python semantics: exact ints, floor division and modulo towards -infinity, ZeroDivisionError,
 * int ** negative int gives a float. Operands other than literals (names, calls, comparisons)
 * raise {@link PythonDecodeError}; Python would evaluate some of them (e.g. `len("ab")*2`).
 */
import { dictSet, emptyDict, isHashable, type PyValue } from "./py-value.js";
import type { PyNode } from "./python-parser.js";
import { PythonDecodeError } from "./python-tokenizer.js";

const maximumBits = 100_000n;
const maximumLength = 1_000_000;

function fail(message: string): never {
  throw new PythonDecodeError(message);
}

/** Evaluates a literal expression node. */
export function evaluatePython(node: PyNode): PyValue {
  switch (node.type) {
    case "Constant":
      if (node.value === "ellipsis") return fail("Ellipsis in arithmetic is not supported");
      return node.value;
    case "List":
    case "Tuple":
      return { kind: node.type === "List" ? "list" : "tuple", items: node.elts.map(evaluateItem) };
    case "Dict": {
      const dict = emptyDict();
      node.keys.forEach((key, index) => {
        if (key === null) fail("dict unpacking in arithmetic is not supported");
        const keyValue = evaluatePython(key);
        if (!isHashable(keyValue)) fail("TypeError: unhashable type");
        dictSet(dict, keyValue, evaluatePython(node.values[index] as PyNode));
      });
      return dict;
    }
    case "UnaryOp":
      return unary(node.op, evaluatePython(node.operand));
    case "BinOp":
      return binary(node.op, evaluatePython(node.left), evaluatePython(node.right));
    default:
      return fail(`cannot evaluate a ${node.type} in arithmetic`);
  }
}

function evaluateItem(node: PyNode): PyValue {
  if (node.type === "Starred") return fail("unpacking in arithmetic is not supported");
  return evaluatePython(node);
}

function truthy(value: PyValue): boolean {
  switch (value.kind) {
    case "int":
      return value.value !== 0n;
    case "float":
      return value.value !== 0;
    case "complex":
      return value.real !== 0 || value.imag !== 0;
    case "str":
    case "bytes":
      return value.value !== "";
    case "bool":
      return value.value;
    case "none":
      return false;
    case "list":
    case "tuple":
      return value.items.length > 0;
    case "dict":
      return value.keys.length > 0;
  }
}

function asInt(value: PyValue): bigint | undefined {
  if (value.kind === "int") return value.value;
  if (value.kind === "bool") return value.value ? 1n : 0n;
  return undefined;
}

function asFloat(value: PyValue): number | undefined {
  if (value.kind === "float") return value.value;
  const integer = asInt(value);
  if (integer === undefined) return undefined;
  const float = Number(integer);
  if (!Number.isFinite(float)) fail("OverflowError: int too large to convert to float");
  return float;
}

function unary(op: string, value: PyValue): PyValue {
  if (op === "not") return { kind: "bool", value: !truthy(value) };
  const integer = asInt(value);
  if (integer !== undefined) {
    if (op === "-") return { kind: "int", value: -integer };
    if (op === "+") return { kind: "int", value: integer };
    return { kind: "int", value: -(integer + 1n) };
  }
  if (value.kind === "float" && op !== "~")
    return { kind: "float", value: op === "-" ? -value.value : value.value };
  return fail(`TypeError: bad operand type for unary ${op}`);
}

function floorDivide(left: bigint, right: bigint): bigint {
  const quotient = left / right;
  return left % right !== 0n && left < 0n !== right < 0n ? quotient - 1n : quotient;
}

function modulo(left: bigint, right: bigint): bigint {
  const remainder = left % right;
  return remainder !== 0n && remainder < 0n !== right < 0n ? remainder + right : remainder;
}

function bitLength(value: bigint): bigint {
  return BigInt((value < 0n ? -value : value).toString(2).length);
}

function intOperation(op: string, left: bigint, right: bigint): PyValue {
  const int = (value: bigint): PyValue => ({ kind: "int", value });
  switch (op) {
    case "+":
      return int(left + right);
    case "-":
      return int(left - right);
    case "*":
      return int(left * right);
    case "/":
      if (right === 0n) fail("ZeroDivisionError: division by zero");
      return { kind: "float", value: Number(left) / Number(right) };
    case "//":
      if (right === 0n) fail("ZeroDivisionError: integer division or modulo by zero");
      return int(floorDivide(left, right));
    case "%":
      if (right === 0n) fail("ZeroDivisionError: integer division or modulo by zero");
      return int(modulo(left, right));
    case "**":
      if (right < 0n) {
        if (left === 0n) fail("ZeroDivisionError: 0.0 cannot be raised to a negative power");
        return floatOperation("**", Number(left), Number(right));
      }
      if (left > 1n || left < -1n) {
        if (bitLength(left) * right > maximumBits) fail("the power is too large for edgecall to evaluate");
      }
      return int(left ** right);
    case "<<":
      if (right < 0n) fail("ValueError: negative shift count");
      if (bitLength(left) + right > maximumBits) fail("the shift is too large for edgecall to evaluate");
      return int(left << right);
    case ">>":
      if (right < 0n) fail("ValueError: negative shift count");
      return int(left >> right);
    case "&":
      return int(left & right);
    case "|":
      return int(left | right);
    case "^":
      return int(left ^ right);
    default:
      return fail(`TypeError: unsupported operand type(s) for ${op}`);
  }
}

function floatOperation(op: string, left: number, right: number): PyValue {
  const float = (value: number): PyValue => ({ kind: "float", value });
  switch (op) {
    case "+":
      return float(left + right);
    case "-":
      return float(left - right);
    case "*":
      return float(left * right);
    case "/":
      if (right === 0) fail("ZeroDivisionError: float division by zero");
      return float(left / right);
    case "//":
    case "%": {
      if (right === 0) fail("ZeroDivisionError: float modulo");
      const [quotient, remainder] = floatDivmod(left, right);
      return float(op === "//" ? quotient : remainder);
    }
    case "**":
      return float(floatPower(left, right));
    default:
      return fail(`TypeError: unsupported operand type(s) for ${op}: 'float'`);
  }
}

/** CPython's float divmod: remainder with the divisor's sign, floored quotient. */
function floatDivmod(left: number, right: number): [number, number] {
  let remainder = left % right;
  let quotient = (left - remainder) / right;
  if (remainder !== 0) {
    if (right < 0 !== remainder < 0) {
      remainder += right;
      quotient -= 1;
    }
  } else {
    remainder = Math.sign(1 / right) * 0;
  }
  let floored: number;
  if (quotient !== 0) {
    floored = Math.floor(quotient);
    if (quotient - floored > 0.5) floored += 1;
  } else {
    floored = Math.sign(left / right) < 0 || Object.is(left / right, -0) ? -0 : 0;
  }
  return [floored, remainder];
}

function floatPower(base: number, exponent: number): number {
  if (base === 1 || exponent === 0) return 1;
  if (base === -1 && !Number.isFinite(exponent)) return 1;
  if (base === 0 && exponent < 0) fail("ZeroDivisionError: 0.0 cannot be raised to a negative power");
  if (base < 0 && Number.isFinite(exponent) && !Number.isInteger(exponent))
    fail("a negative number to a fractional power is complex; not supported by edgecall");
  const result = base ** exponent;
  if (!Number.isFinite(result) && Number.isFinite(base) && Number.isFinite(exponent))
    fail("OverflowError: (34, 'Numerical result out of range')");
  return result;
}

function repeat<T>(items: T[], times: bigint): T[] {
  if (times <= 0n) return [];
  if (BigInt(items.length) * times > BigInt(maximumLength)) fail("the repetition is too large for edgecall");
  const out: T[] = [];
  for (let index = 0n; index < times; index += 1n) out.push(...items);
  return out;
}

function sequenceOperation(op: string, left: PyValue, right: PyValue): PyValue | undefined {
  if (op === "+" && left.kind === right.kind) {
    if (left.kind === "str" || left.kind === "bytes")
      return { kind: left.kind, value: left.value + (right as { value: string }).value };
    if (left.kind === "list" || left.kind === "tuple")
      return { kind: left.kind, items: [...left.items, ...(right as { items: PyValue[] }).items] };
  }
  if (op === "*") {
    const [sequence, count] = asInt(right) !== undefined ? [left, asInt(right)] : [right, asInt(left)];
    if (count === undefined) return undefined;
    if (sequence.kind === "str" || sequence.kind === "bytes")
      return { kind: sequence.kind, value: repeat([sequence.value], count).join("") };
    if (sequence.kind === "list" || sequence.kind === "tuple")
      return { kind: sequence.kind, items: repeat(sequence.items, count) };
  }
  if (op === "|" && left.kind === "dict" && right.kind === "dict") {
    const merged = emptyDict();
    left.keys.forEach((key, index) => {
      dictSet(merged, key, left.values[index] as PyValue);
    });
    right.keys.forEach((key, index) => {
      dictSet(merged, key, right.values[index] as PyValue);
    });
    return merged;
  }
  return undefined;
}

function binary(op: string, left: PyValue, right: PyValue): PyValue {
  const leftInt = asInt(left);
  const rightInt = asInt(right);
  if (leftInt !== undefined && rightInt !== undefined) {
    if (left.kind === "bool" && right.kind === "bool" && (op === "&" || op === "|" || op === "^")) {
      const value =
        op === "&"
          ? left.value && right.value
          : op === "|"
            ? left.value || right.value
            : left.value !== right.value;
      return { kind: "bool", value };
    }
    return intOperation(op, leftInt, rightInt);
  }
  const numeric = (value: PyValue): boolean => value.kind === "float" || asInt(value) !== undefined;
  if (numeric(left) && numeric(right))
    return floatOperation(op, asFloat(left) as number, asFloat(right) as number);
  const sequence = sequenceOperation(op, left, right);
  if (sequence) return sequence;
  return fail(`TypeError: unsupported operand type(s) for ${op}: '${left.kind}' and '${right.kind}'`);
}
