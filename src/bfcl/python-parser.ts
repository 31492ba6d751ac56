/**
 * Parser for one Python expression into the `ast` node shapes BFCL's decoder walks (Call,
 * keyword, Constant, Name, List, Tuple, Dict, UnaryOp, BinOp, Subscript, ...): the expression
 * grammar of Python 3.11 except lambdas, comprehensions, `await` and `yield`, which raise
 * {@link PythonDecodeError} (BFCL's decoder cannot resolve them either, except inside positional
 * arguments it drops or calls it re-prints, where edgecall fails and BFCL would not).
 */
import { keywords, type PyNode } from "./python-ast.js";
import { PythonAtomParser } from "./python-atom-parser.js";
import { tokenizePython } from "./python-tokenizer.js";

export type { PyKeyword, PyNode } from "./python-ast.js";

const binaryLevels: readonly (readonly string[])[] = [
  ["|"],
  ["^"],
  ["&"],
  ["<<", ">>"],
  ["+", "-"],
  ["*", "/", "//", "%", "@"],
];
const comparisonOperators = new Set(["==", "!=", "<", ">", "<=", ">="]);

/** Parses `text` as `ast.parse(text, mode="eval").body` would; throws {@link PythonDecodeError}. */
export function parsePythonExpression(text: string): PyNode {
  const parser = new Parser(tokenizePython(text));
  return parser.evalInput();
}

class Parser extends PythonAtomParser {
  evalInput(): PyNode {
    const body = this.expressions();
    while (this.peek().type === "newline") this.index += 1;
    if (this.peek().type !== "end") throw this.error("invalid syntax");
    return body;
  }

  protected expressions(): PyNode {
    const first = this.starOrExpression();
    if (!this.isOp(",")) {
      if (first.type === "Starred") throw this.error("can't use starred expression here");
      return first;
    }
    const elts = [first];
    while (this.isOp(",")) {
      this.index += 1;
      if (this.atSequenceEnd()) break;
      elts.push(this.starOrExpression());
    }
    return { type: "Tuple", elts };
  }

  protected atSequenceEnd(): boolean {
    const token = this.peek();
    return (
      token.type === "end" ||
      token.type === "newline" ||
      (token.type === "op" && (token.text === ")" || token.text === "]" || token.text === "}"))
    );
  }

  protected starOrExpression(): PyNode {
    if (this.isOp("*")) {
      this.index += 1;
      return { type: "Starred", value: this.binary(0) };
    }
    return this.namedExpression();
  }

  protected namedExpression(): PyNode {
    const token = this.peek();
    if (token.type === "name" && !keywords.has(token.text) && this.isOp(":=", 1)) {
      this.index += 2;
      return { type: "NamedExpr", target: token.text, value: this.expression() };
    }
    return this.expression();
  }

  expression(): PyNode {
    this.enter();
    try {
      if (this.isKeyword("lambda")) throw this.error("lambda expressions are not supported");
      const body = this.disjunction();
      if (!this.isKeyword("if")) return body;
      this.index += 1;
      const test = this.disjunction();
      if (!this.isKeyword("else")) throw this.error("expected 'else' after 'if' expression");
      this.index += 1;
      const orelse = this.expression();
      return { type: "IfExp", test, body, orelse };
    } finally {
      this.depth -= 1;
    }
  }

  protected disjunction(): PyNode {
    return this.boolean("or", () => this.conjunction());
  }

  protected conjunction(): PyNode {
    return this.boolean("and", () => this.inversion());
  }

  protected boolean(op: "and" | "or", operand: () => PyNode): PyNode {
    const first = operand();
    if (!this.isKeyword(op)) return first;
    const values = [first];
    while (this.isKeyword(op)) {
      this.index += 1;
      values.push(operand());
    }
    return { type: "BoolOp", op, values };
  }

  protected inversion(): PyNode {
    if (this.isKeyword("not")) {
      this.index += 1;
      this.enter();
      try {
        return { type: "UnaryOp", op: "not", operand: this.inversion() };
      } finally {
        this.depth -= 1;
      }
    }
    return this.comparison();
  }

  protected comparisonOperator(): string | undefined {
    const token = this.peek();
    if (token.type === "op" && comparisonOperators.has(token.text)) return token.text;
    if (this.isKeyword("in")) return "in";
    if (this.isKeyword("not") && this.isKeyword("in", 1)) return "not in";
    if (this.isKeyword("is")) return this.isKeyword("not", 1) ? "is not" : "is";
    return undefined;
  }

  protected comparison(): PyNode {
    const left = this.binary(0);
    const ops: string[] = [];
    const comparators: PyNode[] = [];
    for (let op = this.comparisonOperator(); op !== undefined; op = this.comparisonOperator()) {
      this.index += op.includes(" ") ? 2 : 1;
      ops.push(op);
      comparators.push(this.binary(0));
    }
    return ops.length === 0 ? left : { type: "Compare", left, ops, comparators };
  }

  protected binary(level: number): PyNode {
    const operators = binaryLevels[level];
    if (!operators) return this.factor();
    let left = this.binary(level + 1);
    for (;;) {
      const token = this.peek();
      if (token.type !== "op" || !operators.includes(token.text)) return left;
      this.index += 1;
      left = { type: "BinOp", op: token.text, left, right: this.binary(level + 1) };
    }
  }

  protected factor(): PyNode {
    const token = this.peek();
    if (token.type === "op" && (token.text === "-" || token.text === "+" || token.text === "~")) {
      this.index += 1;
      this.enter();
      try {
        return { type: "UnaryOp", op: token.text, operand: this.factor() };
      } finally {
        this.depth -= 1;
      }
    }
    return this.power();
  }

  protected power(): PyNode {
    if (this.isKeyword("await")) throw this.error("await is not supported");
    const base = this.primary();
    if (!this.isOp("**")) return base;
    this.index += 1;
    return { type: "BinOp", op: "**", left: base, right: this.factor() };
  }
}
