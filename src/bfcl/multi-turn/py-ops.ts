/**
 * Python's operators on live objects as the API classes use them: arithmetic that keeps ints
 * exact and turns mixed operands into floats, ordering comparisons, `float()`, `int()`, `abs()`
 * and `round()`, raising Python's `TypeError` messages for operands of the wrong type.
 */
import { isNumber, type PyObj, pyError, pyTypeName } from "./py-object.js";

type Num = bigint | number | boolean;

function asInt(value: Num): bigint | undefined {
  if (typeof value === "bigint") return value;
  if (typeof value === "boolean") return value ? 1n : 0n;
  return undefined;
}

function unsupported(op: string, left: PyObj, right: PyObj): never {
  throw pyError(
    "TypeError",
    `unsupported operand type(s) for ${op}: '${pyTypeName(left)}' and '${pyTypeName(right)}'`,
  );
}

/** `float(x)` of a number. */
export function asFloat(value: Num): number {
  return typeof value === "number" ? value : Number(asInt(value));
}

/** Python's `left + right`. */
export function pyAdd(left: PyObj, right: PyObj): PyObj {
  if (isNumber(left) && isNumber(right)) {
    const a = asInt(left);
    const b = asInt(right);
    return a !== undefined && b !== undefined ? a + b : asFloat(left) + asFloat(right);
  }
  if (typeof left === "string" && typeof right === "string") return left + right;
  if (Array.isArray(left) && Array.isArray(right)) return [...left, ...right];
  if (typeof left === "string")
    throw pyError("TypeError", `can only concatenate str (not "${pyTypeName(right)}") to str`);
  if (Array.isArray(left))
    throw pyError("TypeError", `can only concatenate list (not "${pyTypeName(right)}") to list`);
  return unsupported("+", left, right);
}

/** Python's `left - right`. */
export function pySub(left: PyObj, right: PyObj): PyObj {
  if (!isNumber(left) || !isNumber(right)) return unsupported("-", left, right);
  const a = asInt(left);
  const b = asInt(right);
  return a !== undefined && b !== undefined ? a - b : asFloat(left) - asFloat(right);
}

/** Python's `left * right` for numbers. */
export function pyMul(left: PyObj, right: PyObj): PyObj {
  if (!isNumber(left) || !isNumber(right)) {
    if (typeof left === "string" && isNumber(right) && asInt(right) !== undefined)
      return left.repeat(Math.max(0, Number(asInt(right))));
    return unsupported("*", left, right);
  }
  const a = asInt(left);
  const b = asInt(right);
  return a !== undefined && b !== undefined ? a * b : asFloat(left) * asFloat(right);
}

/** Python's `left / right` (always a float; ZeroDivisionError on zero). */
export function pyDiv(left: PyObj, right: PyObj): PyObj {
  if (!isNumber(left) || !isNumber(right)) return unsupported("/", left, right);
  const divisor = asFloat(right);
  if (divisor === 0)
    throw pyError(
      "ZeroDivisionError",
      asInt(left) !== undefined && asInt(right) !== undefined ? "division by zero" : "float division by zero",
    );
  const a = asInt(left);
  const b = asInt(right);
  if (a !== undefined && b !== undefined) return intTrueDivide(a, b);
  return asFloat(left) / divisor;
}

/** Correctly rounded int / int (exact for operands within 2**53, as Python's is always). */
function intTrueDivide(a: bigint, b: bigint): number {
  const limit = 2n ** 53n;
  if (a < limit && a > -limit && b < limit && b > -limit) return Number(a) / Number(b);
  return Number(a) / Number(b);
}

/** Python's `left % right` for numbers (the sign of the divisor). */
export function pyMod(left: PyObj, right: PyObj): PyObj {
  if (!isNumber(left) || !isNumber(right)) return unsupported("%", left, right);
  const a = asInt(left);
  const b = asInt(right);
  if (a !== undefined && b !== undefined) {
    if (b === 0n) throw pyError("ZeroDivisionError", "integer division or modulo by zero");
    const rest = a % b;
    return rest !== 0n && rest < 0n !== b < 0n ? rest + b : rest;
  }
  const x = asFloat(left);
  const y = asFloat(right);
  if (y === 0) throw pyError("ZeroDivisionError", "float modulo");
  const rest = x % y;
  return rest !== 0 && rest < 0 !== y < 0 ? rest + y : rest === 0 ? (y < 0 ? -0 : 0) : rest;
}

/** Python's `-value`. */
export function pyNeg(value: PyObj): PyObj {
  if (!isNumber(value)) throw pyError("TypeError", `bad operand type for unary -: '${pyTypeName(value)}'`);
  const integer = asInt(value);
  return integer !== undefined ? -integer : -value;
}

/** Python's `abs(value)`. */
export function pyAbs(value: PyObj): PyObj {
  if (!isNumber(value)) throw pyError("TypeError", `bad operand type for abs(): '${pyTypeName(value)}'`);
  const integer = asInt(value);
  if (integer !== undefined) return integer < 0n ? -integer : integer;
  return Math.abs(value as number);
}

/** Python's ordering `left OP right`: numbers with numbers, str with str, list with list. */
export function pyCompare(op: "<" | "<=" | ">" | ">=", left: PyObj, right: PyObj): boolean {
  let order: number;
  if (isNumber(left) && isNumber(right)) {
    const a = asInt(left);
    const b = asInt(right);
    if (a !== undefined && b !== undefined) order = a < b ? -1 : a > b ? 1 : 0;
    else {
      const x = typeof left === "number" ? left : (a as bigint);
      const y = typeof right === "number" ? right : (b as bigint);
      if (Number.isNaN(x) || Number.isNaN(y)) return false;
      order = x < y ? -1 : x > y ? 1 : 0;
    }
  } else if (typeof left === "string" && typeof right === "string") order = compareCodePoints(left, right);
  else
    throw pyError(
      "TypeError",
      `'${op}' not supported between instances of '${pyTypeName(left)}' and '${pyTypeName(right)}'`,
    );
  if (op === "<") return order < 0;
  if (op === "<=") return order <= 0;
  if (op === ">") return order > 0;
  return order >= 0;
}

/** Orders strings by code point, as Python does. */
export function compareCodePoints(left: string, right: string): number {
  const a = [...left];
  const b = [...right];
  for (let index = 0; index < Math.min(a.length, b.length); index += 1) {
    const x = (a[index] as string).codePointAt(0) as number;
    const y = (b[index] as string).codePointAt(0) as number;
    if (x !== y) return x - y;
  }
  return a.length - b.length;
}

/** Python's `float(value)` for numbers and numeric strings. */
export function pyFloat(value: PyObj): number {
  if (isNumber(value)) return asFloat(value);
  if (typeof value === "string") {
    const text = value.trim().replace(/_/g, "");
    if (/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text)) return Number(text);
    if (/^[+-]?(inf|infinity)$/i.test(text)) return text.startsWith("-") ? -Infinity : Infinity;
    if (/^[+-]?nan$/i.test(text)) return Number.NaN;
    throw pyError("ValueError", `could not convert string to float: ${pyReprString(value)}`);
  }
  throw pyError(
    "TypeError",
    `float() argument must be a string or a real number, not '${pyTypeName(value)}'`,
  );
}

/** Python's `int(value)` for numbers (towards zero) and integer strings. */
export function pyInt(value: PyObj): bigint {
  if (typeof value === "bigint") return value;
  if (typeof value === "boolean") return value ? 1n : 0n;
  if (typeof value === "number") {
    if (Number.isNaN(value)) throw pyError("ValueError", "cannot convert float NaN to integer");
    if (!Number.isFinite(value)) throw pyError("OverflowError", "cannot convert float infinity to integer");
    return BigInt(Math.trunc(value));
  }
  if (typeof value === "string" && /^\s*[+-]?\d+(_\d+)*\s*$/.test(value))
    return BigInt(value.trim().replace(/_/g, ""));
  if (typeof value === "string")
    throw pyError("ValueError", `invalid literal for int() with base 10: ${pyReprString(value)}`);
  throw pyError(
    "TypeError",
    `int() argument must be a string, a bytes-like object or a real number, not '${pyTypeName(value)}'`,
  );
}

function pyReprString(text: string): string {
  return text.includes("'") && !text.includes('"') ? `"${text}"` : `'${text.replace(/'/g, "\\'")}'`;
}

/** Python's `round(value, digits)` of a float (correctly rounded, half to even). */
export function roundFloat(value: number, digits: number): number {
  if (!Number.isFinite(value) || value === 0) return value;
  const text = formatFixed(value, digits);
  return Number(text);
}

/**
 * `f"{value:.{digits}f}"`: the exact binary value rounded half to even at `digits` places
 * (JavaScript's `toFixed` rounds exact ties up).
 */
export function formatFixed(value: number, digits: number): string {
  if (!Number.isFinite(value)) return Number.isNaN(value) ? "nan" : value > 0 ? "inf" : "-inf";
  const exact = exactDecimal(Math.abs(value));
  const [whole = "0", fraction = ""] = exact.split(".");
  const padded = fraction.padEnd(digits + 1, "0");
  let kept = whole + padded.slice(0, digits);
  const rest = padded.slice(digits);
  const roundUp =
    rest[0]! > "5" ||
    (rest[0] === "5" && (/[1-9]/.test(rest.slice(1)) || Number(kept.at(-1) ?? "0") % 2 === 1));
  if (roundUp) kept = (BigInt(kept) + 1n).toString().padStart(kept.length, "0");
  const intPart = kept.slice(0, kept.length - digits) || "0";
  const fracPart = kept.slice(kept.length - digits);
  const sign = value < 0 || Object.is(value, -0) ? "-" : "";
  return digits > 0 ? `${sign}${intPart}.${fracPart}` : `${sign}${intPart}`;
}

/** The exact decimal expansion of a finite non-negative double. */
function exactDecimal(value: number): string {
  if (Number.isInteger(value)) return BigInt(value).toString();
  const buffer = new DataView(new ArrayBuffer(8));
  buffer.setFloat64(0, value);
  const bits = buffer.getBigUint64(0);
  const exponentBits = Number((bits >> 52n) & 0x7ffn);
  let mantissa = bits & ((1n << 52n) - 1n);
  let exponent: number;
  if (exponentBits === 0) exponent = -1074;
  else {
    mantissa |= 1n << 52n;
    exponent = exponentBits - 1075;
  }
  // value = mantissa * 2**exponent with exponent < 0 here.
  const scale = -exponent;
  const scaled = mantissa * 5n ** BigInt(scale);
  const text = scaled.toString().padStart(scale + 1, "0");
  return `${text.slice(0, text.length - scale)}.${text.slice(text.length - scale)}`.replace(/0+$/, "");
}
