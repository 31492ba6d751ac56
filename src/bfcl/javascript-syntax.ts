/**
 * A small JavaScript expression parser that finds what BFCL's tree-sitter JavaScript decoder
 * reads from a reply: top-level expression statements, a call's callee and arguments, and each
 * argument's kind and source extent (`name = value` assignments, bare identifiers, `true`).
 * Anything it cannot read as JavaScript raises {@link PythonDecodeError} (tree-sitter's ERROR).
 * Statements and operators are here; primaries and postfix chains javascript-primary-parser.ts.
 */
import { type JsNode, JsPrimaryParser } from "./javascript-primary-parser.js";
import {
  assignmentOperators,
  binaryPrecedence,
  jsSyntaxError as fail,
  reserved,
  tokenizeJavaScript,
  unaryWords,
} from "./javascript-tokenizer.js";

/** Parses `source` as a JavaScript program; returns its top-level expression statements. */
export function parseJavaScriptStatements(source: string): JsNode[] {
  const parser = new Parser(tokenizeJavaScript(source));
  return parser.program();
}

class Parser extends JsPrimaryParser {
  /** Top-level expression statements; labelled statements and declarations are read, not returned. */
  program(): JsNode[] {
    const statements: JsNode[] = [];
    while (this.peek().type !== "end") {
      if (this.is(";")) {
        this.take();
        continue;
      }
      let labelled = false;
      while (this.peek().type === "name" && !reserved.has(this.peek().text) && this.is(":", 1)) {
        this.index += 2;
        labelled = true;
      }
      const declaration = this.is("let") || this.is("const") || this.is("var");
      if (this.peek().type === "name" && reserved.has(this.peek().text) && !declaration)
        fail(`statement '${this.peek().text}' is not supported`);
      const statement = declaration ? this.declaration() : this.sequence();
      if (!labelled && !declaration) statements.push(statement);
      if (this.is(";")) this.take();
      else if (!this.peek().newlineBefore && !this.is("}")) fail(`unexpected '${this.peek().text}'`);
    }
    return statements;
  }

  /** `let a = 1, [b] = c` and the like. */
  private declaration(): JsNode {
    const start = this.take().start;
    let end = start;
    do {
      if (this.is(",")) this.take();
      if (this.is("[") || this.is("{")) end = this.primary().end;
      else {
        const name = this.take();
        if (name.type !== "name" || reserved.has(name.text)) fail("expected a binding name");
        end = name.end;
      }
      if (this.is("=")) {
        this.take();
        end = this.assignment().end;
      }
    } while (this.is(","));
    return { kind: "other", start, end, children: [] };
  }

  protected sequence(): JsNode {
    const first = this.assignment();
    if (!this.is(",")) return first;
    let end = first.end;
    while (this.is(",")) {
      this.take();
      end = this.assignment().end;
    }
    return { kind: "other", start: first.start, end, children: [] };
  }

  assignment(): JsNode {
    this.depth += 1;
    if (this.depth > 500) fail("nested too deeply");
    try {
      if (this.isArrowAhead()) return this.arrow();
      const left = this.conditional();
      const operator = this.peek();
      if (operator.type === "punct" && assignmentOperators.has(operator.text)) {
        if (!left.assignable && left.kind !== "identifier") fail("invalid assignment target");
        this.take();
        const right = this.assignment();
        return {
          kind: operator.text === "=" ? "assign" : "other",
          start: left.start,
          end: right.end,
          children: [left, right],
        };
      }
      return left;
    } finally {
      this.depth -= 1;
    }
  }

  private isArrowAhead(): boolean {
    const start =
      this.is("async") && !this.peek(1).newlineBefore && (this.is("(", 1) || this.peek(1).type === "name")
        ? 1
        : 0;
    if (this.peek(start).type === "name" && this.is("=>", start + 1)) return true;
    if (!this.is("(", start)) return false;
    let depth = 0;
    for (let offset = start; ; offset += 1) {
      const token = this.peek(offset);
      if (token.type === "end") return false;
      if (token.text === "(" && token.type === "punct") depth += 1;
      if (token.text === ")" && token.type === "punct") {
        depth -= 1;
        if (depth === 0) return this.is("=>", offset + 1);
      }
    }
  }

  private arrow(): JsNode {
    const start = this.peek().start;
    if (this.is("async") && !this.is("=>", 1)) this.take();
    if (this.is("(")) this.balanced("(", ")");
    else this.take();
    this.expect("=>");
    const end = this.is("{") ? this.balanced("{", "}") : this.assignment().end;
    return { kind: "other", start, end, children: [] };
  }

  private conditional(): JsNode {
    const test = this.binary(0);
    if (!this.is("?")) return test;
    this.take();
    this.assignment();
    this.expect(":");
    const alternate = this.assignment();
    return { kind: "other", start: test.start, end: alternate.end, children: [] };
  }

  private binary(minimum: number): JsNode {
    let left = this.unary();
    for (;;) {
      const token = this.peek();
      const precedence = Object.hasOwn(binaryPrecedence, token.text)
        ? binaryPrecedence[token.text]
        : undefined;
      if (
        precedence === undefined ||
        precedence <= minimum ||
        (token.type === "name" && token.text !== "in" && token.text !== "instanceof")
      )
        return left;
      this.take();
      const right = token.text === "**" ? this.binary(precedence - 1) : this.binary(precedence);
      left = { kind: "other", start: left.start, end: right.end, children: [] };
    }
  }

  private unary(): JsNode {
    // Prefix operators recurse here without passing through assignment(): count them too.
    this.depth += 1;
    if (this.depth > 500) fail("nested too deeply");
    try {
      const token = this.peek();
      const prefix =
        token.type === "punct"
          ? ["!", "~", "+", "-", "++", "--"].includes(token.text)
          : unaryWords.has(token.text);
      if (prefix && token.type !== "end") {
        this.take();
        const operand = this.unary();
        return { kind: "other", start: token.start, end: operand.end, children: [] };
      }
      return this.postfix();
    } finally {
      this.depth -= 1;
    }
  }
}
