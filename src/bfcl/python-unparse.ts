/**
 * Python's `ast.unparse` for the expression nodes of {@link PyNode}: BFCL's decoder turns a call
 * without keyword arguments (`f(1, 2)`) and a subscript (`a[0]`) into these strings. Spacing,
 * quotes and parentheses follow CPython 3.11's unparser (precedence-driven parentheses, `repr()`
 * for constants, `1e309` for infinities).
 */

import { pyRepr } from "./py-repr.js";
import type { PyKeyword, PyNode } from "./python-parser.js";
import { PythonDecodeError } from "./python-tokenizer.js";

/** CPython's `_Precedence` levels. */
const Precedence = {
  NamedExpr: 1,
  Tuple: 2,
  Test: 4,
  Or: 5,
  And: 6,
  Not: 7,
  Cmp: 8,
  Expr: 9,
  Bor: 9,
  Bxor: 10,
  Band: 11,
  Shift: 12,
  Arith: 13,
  Term: 14,
  Factor: 15,
  Power: 16,
  Atom: 18,
} as const;

const binaryPrecedence: Record<string, number> = {
  "+": Precedence.Arith,
  "-": Precedence.Arith,
  "*": Precedence.Term,
  "@": Precedence.Term,
  "/": Precedence.Term,
  "%": Precedence.Term,
  "//": Precedence.Term,
  "<<": Precedence.Shift,
  ">>": Precedence.Shift,
  "|": Precedence.Bor,
  "^": Precedence.Bxor,
  "&": Precedence.Band,
  "**": Precedence.Power,
};

function next(precedence: number): number {
  return Math.min(precedence + 1, Precedence.Atom);
}

function parens(condition: boolean, text: string): string {
  return condition ? `(${text})` : text;
}

const infinity = "1e309";

function constantText(node: Extract<PyNode, { type: "Constant" }>): string {
  const value = node.value;
  if (value === "ellipsis") return "...";
  if (value.kind === "float" || value.kind === "complex")
    return pyRepr(value).replace(/inf/g, infinity).replace(/nan/g, `(${infinity}-${infinity})`);
  return (node.unicodePrefix ? "u" : "") + pyRepr(value);
}

function items(elements: readonly PyNode[]): string {
  if (elements.length === 1) return `${unparsePython(elements[0] as PyNode)},`;
  return elements.map((element) => unparsePython(element)).join(", ");
}

function keywordText(keyword: PyKeyword): string {
  return keyword.arg === null
    ? `**${unparsePython(keyword.value)}`
    : `${keyword.arg}=${unparsePython(keyword.value)}`;
}

/** `ast.unparse(node)`, with `precedence` the context the parent node set (default TEST). */
export function unparsePython(node: PyNode, precedence: number = Precedence.Test): string {
  switch (node.type) {
    case "Name":
      return node.id;
    case "Constant":
      return constantText(node);
    case "JoinedStr":
      throw new PythonDecodeError("f-strings are not supported by edgecall");
    case "Attribute": {
      const value = node.value;
      const isIntConstant =
        value.type === "Constant" &&
        value.value !== "ellipsis" &&
        (value.value.kind === "int" || value.value.kind === "bool");
      return `${unparsePython(value, Precedence.Atom)}${isIntConstant ? " " : ""}.${node.attr}`;
    }
    case "Call": {
      const parts = [...node.args.map((arg) => unparsePython(arg)), ...node.keywords.map(keywordText)];
      return `${unparsePython(node.func, Precedence.Atom)}(${parts.join(", ")})`;
    }
    case "Subscript": {
      const slice = node.slice;
      const inner =
        slice.type === "Tuple" && slice.elts.length > 0 ? items(slice.elts) : unparsePython(slice);
      return `${unparsePython(node.value, Precedence.Atom)}[${inner}]`;
    }
    case "Slice": {
      let text = node.lower ? unparsePython(node.lower) : "";
      text += ":";
      if (node.upper) text += unparsePython(node.upper);
      if (node.step) text += `:${unparsePython(node.step)}`;
      return text;
    }
    case "Starred":
      return `*${unparsePython(node.value, Precedence.Expr)}`;
    case "List":
      return `[${node.elts.map((element) => unparsePython(element)).join(", ")}]`;
    case "Tuple":
      return parens(node.elts.length === 0 || precedence > Precedence.Tuple, items(node.elts));
    case "Set":
      return node.elts.length === 0
        ? "{*()}"
        : `{${node.elts.map((element) => unparsePython(element)).join(", ")}}`;
    case "Dict": {
      const entries = node.keys.map((key, index) => {
        const value = node.values[index] as PyNode;
        return key === null
          ? `**${unparsePython(value, Precedence.Expr)}`
          : `${unparsePython(key)}: ${unparsePython(value)}`;
      });
      return `{${entries.join(", ")}}`;
    }
    case "UnaryOp": {
      const operatorPrecedence = node.op === "not" ? Precedence.Not : Precedence.Factor;
      const space = node.op === "not" ? " " : "";
      return parens(
        precedence > operatorPrecedence,
        `${node.op}${space}${unparsePython(node.operand, operatorPrecedence)}`,
      );
    }
    case "BinOp": {
      const operatorPrecedence = binaryPrecedence[node.op] ?? Precedence.Arith;
      const rightAssociative = node.op === "**";
      const left = unparsePython(node.left, rightAssociative ? next(operatorPrecedence) : operatorPrecedence);
      const right = unparsePython(
        node.right,
        rightAssociative ? operatorPrecedence : next(operatorPrecedence),
      );
      return parens(precedence > operatorPrecedence, `${left} ${node.op} ${right}`);
    }
    case "Compare": {
      let text = unparsePython(node.left, next(Precedence.Cmp));
      node.ops.forEach((op, index) => {
        text += ` ${op} ${unparsePython(node.comparators[index] as PyNode, next(Precedence.Cmp))}`;
      });
      return parens(precedence > Precedence.Cmp, text);
    }
    case "BoolOp": {
      const operatorPrecedence = node.op === "and" ? Precedence.And : Precedence.Or;
      // CPython raises the level for each successive operand.
      let level: number = operatorPrecedence;
      const parts = node.values.map((value) => {
        level = next(level);
        return unparsePython(value, level);
      });
      return parens(precedence > operatorPrecedence, parts.join(` ${node.op} `));
    }
    case "NamedExpr":
      return parens(
        precedence > Precedence.NamedExpr,
        `${node.target} := ${unparsePython(node.value, Precedence.Atom)}`,
      );
    case "IfExp": {
      const text = `${unparsePython(node.body, next(Precedence.Test))} if ${unparsePython(node.test, next(Precedence.Test))} else ${unparsePython(node.orelse, Precedence.Test)}`;
      return parens(precedence > Precedence.Test, text);
    }
  }
}
