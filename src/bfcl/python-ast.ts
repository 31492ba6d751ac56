/**
 * The expression nodes of Python's `ast` module that BFCL's decoder walks, and constant values.
 */
import type { PyValue } from "./py-value.js";

/** A `keyword` node: `name=value`, or `**value` when `arg` is null. */
export interface PyKeyword {
  arg: string | null;
  value: PyNode;
}

/** The expression nodes of Python's `ast` module that this parser produces. */
export type PyNode =
  | { type: "Name"; id: string }
  | { type: "Constant"; value: PyValue | "ellipsis"; unicodePrefix: boolean }
  | { type: "JoinedStr" }
  | { type: "Attribute"; value: PyNode; attr: string }
  | { type: "Call"; func: PyNode; args: PyNode[]; keywords: PyKeyword[] }
  | { type: "Starred"; value: PyNode }
  | { type: "Subscript"; value: PyNode; slice: PyNode }
  | { type: "Slice"; lower: PyNode | null; upper: PyNode | null; step: PyNode | null }
  | { type: "List" | "Tuple" | "Set"; elts: PyNode[] }
  | { type: "Dict"; keys: Array<PyNode | null>; values: PyNode[] }
  | { type: "UnaryOp"; op: "-" | "+" | "~" | "not"; operand: PyNode }
  | { type: "BinOp"; op: string; left: PyNode; right: PyNode }
  | { type: "BoolOp"; op: "and" | "or"; values: PyNode[] }
  | { type: "Compare"; left: PyNode; ops: string[]; comparators: PyNode[] }
  | { type: "IfExp"; test: PyNode; body: PyNode; orelse: PyNode }
  | { type: "NamedExpr"; target: string; value: PyNode };

/** Python's hard keywords (never names). */
export const keywords = new Set(
  "False None True and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield".split(
    " ",
  ),
);

/** A Constant node. */
export function constant(value: PyValue): PyNode {
  return { type: "Constant", value, unicodePrefix: false };
}

/** The value of a number literal. */
export function numberValue(text: string, kind: "int" | "float" | "imaginary"): PyValue {
  const digits = text.replace(/_/g, "");
  if (kind === "imaginary") return { kind: "complex", real: 0, imag: Number(digits.slice(0, -1)) };
  if (kind === "float") return { kind: "float", value: Number(digits) };
  return {
    kind: "int",
    value: BigInt(/^0[xob]/i.test(digits) ? `0${digits[1]?.toLowerCase()}${digits.slice(2)}` : digits),
  };
}
