/**
 * A small JavaScript expression parser that finds what BFCL's tree-sitter JavaScript decoder
 * reads from a reply: top-level expression statements, a call's callee and arguments, and each
 * argument's kind and source extent (`name = value` assignments, bare identifiers, `true`).
 * Anything it cannot read as JavaScript raises {@link PythonDecodeError} (tree-sitter's ERROR).
 */
import {
  assignmentOperators,
  binaryPrecedence,
  jsSyntaxError as fail,
  type JsToken,
  reserved,
  tokenizeJavaScript,
  unaryWords,
} from "./javascript-tokenizer.js";

/** A JavaScript expression node: its kind and `[start, end)` in the source. */
export interface JsNode {
  kind: "call" | "assign" | "identifier" | "true" | "other";
  start: number;
  end: number;
  /** call: callee and arguments; assign: left and right. */
  children: JsNode[];
  /** A member, subscript, pattern or parenthesised target: may stand left of `=`. */
  assignable?: boolean;
}

/** Parses `source` as a JavaScript program; returns its top-level expression statements. */
export function parseJavaScriptStatements(source: string): JsNode[] {
  const parser = new Parser(tokenizeJavaScript(source));
  return parser.program();
}

class Parser {
  private readonly tokens: JsToken[];
  private index = 0;
  private depth = 0;

  constructor(tokens: JsToken[]) {
    this.tokens = tokens;
  }

  private peek(offset = 0): JsToken {
    return this.tokens[Math.min(this.index + offset, this.tokens.length - 1)] as JsToken;
  }

  private is(text: string, offset = 0): boolean {
    const token = this.peek(offset);
    return (token.type === "punct" || token.type === "name") && token.text === text;
  }

  private take(): JsToken {
    const token = this.peek();
    if (token.type === "end") fail("unexpected end of input");
    this.index += 1;
    return token;
  }

  private expect(text: string): JsToken {
    if (!this.is(text)) fail(`expected '${text}'`);
    return this.take();
  }

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

  private sequence(): JsNode {
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

  /** Skips a bracketed group; returns the end offset of its closing token. */
  private balanced(open: string, close: string): number {
    this.expect(open);
    let depth = 1;
    for (;;) {
      const token = this.take();
      if (token.type !== "punct") continue;
      if (token.text === open) depth += 1;
      else if (token.text === close && --depth === 0) return token.end;
    }
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

  private postfix(): JsNode {
    let node = this.primary();
    for (;;) {
      if (this.is(".") || this.is("?.")) {
        this.take();
        const optional = this.peek(-1).text === "?.";
        if (this.is("(")) node = this.call(node);
        else if (this.is("[")) node = this.extend(node, this.balanced("[", "]"), !optional);
        else {
          const name = this.take();
          if (name.type !== "name") fail("expected a property name");
          node = this.extend(node, name.end, !optional);
        }
      } else if (this.is("[")) node = this.extend(node, this.balanced("[", "]"), true);
      else if (this.is("(")) node = this.call(node);
      else if (this.peek().type === "template") node = this.extend(node, this.take().end);
      else if ((this.is("++") || this.is("--")) && !this.peek().newlineBefore)
        node = this.extend(node, this.take().end);
      else return node;
    }
  }

  private extend(node: JsNode, end: number, assignable = false): JsNode {
    return { kind: "other", start: node.start, end, children: [], assignable };
  }

  private call(callee: JsNode): JsNode {
    this.expect("(");
    const args: JsNode[] = [];
    while (!this.is(")")) {
      if (this.is("...")) {
        const spread = this.take();
        args.push({ kind: "other", start: spread.start, end: this.assignment().end, children: [] });
      } else args.push(this.assignment());
      if (!this.is(",")) break;
      this.take();
    }
    const close = this.expect(")");
    return { kind: "call", start: callee.start, end: close.end, children: [callee, ...args] };
  }

  private primary(): JsNode {
    const token = this.peek();
    const leaf = (kind: JsNode["kind"]): JsNode => {
      this.take();
      return { kind, start: token.start, end: token.end, children: [] };
    };
    if (
      token.type === "number" ||
      token.type === "string" ||
      token.type === "template" ||
      token.type === "regex"
    )
      return leaf("other");
    if (token.type === "name") {
      if (token.text === "true") return leaf("true");
      if (token.text === "new") return this.newExpression();
      if (token.text === "function") return this.functionExpression();
      if (token.text === "class") return this.classExpression();
      if (token.text === "async" && this.is("function", 1)) {
        this.take();
        return { ...this.functionExpression(), start: token.start };
      }
      if (reserved.has(token.text)) fail(`unexpected keyword '${token.text}'`);
      return leaf(
        ["false", "null", "this", "super", "undefined"].includes(token.text) ? "other" : "identifier",
      );
    }
    if (this.is("(")) {
      this.take();
      const inner = this.sequence();
      const close = this.expect(")");
      const assignable = inner.kind === "identifier" || inner.assignable === true;
      return { kind: "other", start: token.start, end: close.end, children: [], assignable };
    }
    if (this.is("[")) return this.collection("[", "]");
    if (this.is("{")) return this.collection("{", "}");
    return fail(`unexpected '${token.text || "end of input"}'`);
  }

  private collection(open: string, close: string): JsNode {
    const start = this.expect(open).start;
    while (!this.is(close)) {
      if (this.is(",")) {
        this.take();
        continue;
      }
      if (this.is("...")) this.take();
      if (open === "{") this.property();
      else this.assignment();
      if (!this.is(",")) break;
      this.take();
    }
    return { kind: "other", start, end: this.expect(close).end, children: [], assignable: true };
  }

  private property(): void {
    if (this.is("[")) this.balanced("[", "]");
    else {
      const key = this.take();
      if (key.type === "punct") fail("expected a property key");
      if (key.type === "name" && (this.is(",") || this.is("}"))) return;
    }
    if (this.is("(")) {
      this.balanced("(", ")");
      this.balanced("{", "}");
      return;
    }
    this.expect(":");
    this.assignment();
  }

  private newExpression(): JsNode {
    const start = this.take().start;
    let callee = this.primary();
    while (this.is(".")) {
      this.take();
      const name = this.take();
      if (name.type !== "name") fail("expected a property name");
      callee = this.extend(callee, name.end);
    }
    const end = this.is("(") ? this.call(callee).end : callee.end;
    return { kind: "other", start, end, children: [] };
  }

  private classExpression(): JsNode {
    const start = this.take().start;
    if (this.peek().type === "name" && !this.is("extends")) this.take();
    if (this.is("extends")) {
      this.take();
      this.postfix();
    }
    return { kind: "other", start, end: this.balanced("{", "}"), children: [] };
  }

  private functionExpression(): JsNode {
    const start = this.take().start;
    if (this.peek().type === "name") this.take();
    this.balanced("(", ")");
    return { kind: "other", start, end: this.balanced("{", "}"), children: [] };
  }
}
