/**
 * The primary level of the JavaScript expression parser: token helpers, literals, names,
 * parenthesised expressions, array and object literals, `new`, `function` and `class`
 * expressions (bodies skipped as balanced tokens), calls and the postfix chain (members,
 * optional chaining, indexing, tagged templates, `++`/`--`).
 */
import { jsSyntaxError as fail, type JsToken, reserved } from "./javascript-tokenizer.js";

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

/** Token helpers and primaries; the operator levels and statements live in the subclass. */
export abstract class JsPrimaryParser {
  protected readonly tokens: JsToken[];
  protected index = 0;
  protected depth = 0;

  constructor(tokens: JsToken[]) {
    this.tokens = tokens;
  }

  protected peek(offset = 0): JsToken {
    return this.tokens[Math.min(this.index + offset, this.tokens.length - 1)] as JsToken;
  }

  protected is(text: string, offset = 0): boolean {
    const token = this.peek(offset);
    return (token.type === "punct" || token.type === "name") && token.text === text;
  }

  protected take(): JsToken {
    const token = this.peek();
    if (token.type === "end") fail("unexpected end of input");
    this.index += 1;
    return token;
  }

  protected expect(text: string): JsToken {
    if (!this.is(text)) fail(`expected '${text}'`);
    return this.take();
  }

  /** An assignment expression (the subclass's top operator level without commas). */
  abstract assignment(): JsNode;

  /** A comma sequence of assignment expressions. */
  protected abstract sequence(): JsNode;

  /** Skips a bracketed group; returns the end offset of its closing token. */
  protected balanced(open: string, close: string): number {
    this.expect(open);
    let depth = 1;
    for (;;) {
      const token = this.take();
      if (token.type !== "punct") continue;
      if (token.text === open) depth += 1;
      else if (token.text === close && --depth === 0) return token.end;
    }
  }

  protected postfix(): JsNode {
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

  protected extend(node: JsNode, end: number, assignable = false): JsNode {
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

  protected primary(): JsNode {
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
