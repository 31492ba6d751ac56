/**
 * A small Java expression parser producing a tree shaped like tree-sitter-java's where BFCL's
 * Java decoder looks (method_invocation, assignment_expression, string_literal,
 * array_creation_expression, object_creation_expression, ...): other constructs become generic
 * nodes whose leaves are the tokens. What it cannot read raises {@link PythonDecodeError}
 * (tree-sitter's ERROR). Statements and operators are here; primaries and postfix chains are
 * java-primary-parser.ts, types java-type-parser.ts.
 */

import { JavaPrimaryParser } from "./java-primary-parser.js";
import {
  assignmentOperators,
  binaryPrecedence,
  javaSyntaxError as fail,
  type JavaNode,
  primitiveTypes,
  tokenizeJava,
} from "./java-tokenizer.js";

export type { JavaNode } from "./java-tokenizer.js";

/** Parses `source` as a sequence of Java expression statements under a `program` node. */
export function parseJavaProgram(source: string): JavaNode {
  return new Parser(tokenizeJava(source)).program(source.length);
}

const callOrCreation = new Set([
  "method_invocation",
  "object_creation_expression",
  "array_creation_expression",
]);

function containsCallOrCreation(node: JavaNode): boolean {
  return callOrCreation.has(node.type) || node.children.some(containsCallOrCreation);
}

class Parser extends JavaPrimaryParser {
  /**
   * Statements: `;`-terminated expressions, local variable declarations and labelled statements.
   * tree-sitter recovers a missing final `;` (but not one between statements), except on a lone
   * statement that neither declares a variable nor calls or creates something: that is an ERROR.
   */
  program(length: number): JavaNode {
    const statements: JavaNode[] = [];
    while (!this.is("end")) {
      if (this.is(";")) {
        this.take();
        continue;
      }
      while (this.is("identifier") && this.is(":", 1)) this.index += 2;
      const declaration = this.declarationAhead();
      const body = declaration ? this.declaration() : this.expression();
      const children = [body];
      if (this.is(";")) children.push(this.take());
      else if (!this.is("end")) fail(`unexpected '${this.peek().type}'`);
      else if (!declaration && statements.length === 0 && !containsCallOrCreation(body))
        fail("a statement without ';'");
      statements.push(
        this.node(declaration ? "local_variable_declaration" : "expression_statement", children),
      );
    }
    return { type: "program", start: 0, end: length, children: statements };
  }

  private declaration(): JavaNode {
    const children: JavaNode[] = [];
    if (this.is("final")) children.push(this.take());
    children.push(this.typeNode(), this.expect("identifier"));
    if (this.is("=")) children.push(this.take(), this.is("{") ? this.arrayInitializer() : this.expression());
    return this.node("local_variable_declaration", children);
  }

  expression(): JavaNode {
    this.depth += 1;
    if (this.depth > 500) fail("nested too deeply");
    try {
      if ((this.is("identifier") && this.is("->", 1)) || (this.is("(") && this.lambdaParensAhead()))
        return this.lambda();
      const left = this.ternary();
      if (assignmentOperators.has(this.peek().type)) {
        if (!["identifier", "field_access", "array_access"].includes(left.type))
          fail("invalid assignment target");
        const operator = this.take();
        return this.node("assignment_expression", [left, operator, this.expression()]);
      }
      return left;
    } finally {
      this.depth -= 1;
    }
  }

  private lambdaParensAhead(): boolean {
    let depth = 0;
    for (let offset = 0; ; offset += 1) {
      const type = this.peek(offset).type;
      if (type === "end") return false;
      if (type === "(") depth += 1;
      if (type === ")" && --depth === 0) return this.is("->", offset + 1);
    }
  }

  private lambda(): JavaNode {
    const parameters = this.is("(") ? this.balanced("(", ")") : [this.take()];
    const arrow = this.expect("->");
    const body = this.is("{") ? this.balanced("{", "}") : [this.expression()];
    return this.node("lambda_expression", [...parameters, arrow, ...body]);
  }

  private ternary(): JavaNode {
    const test = this.binary(0);
    if (!this.is("?")) return test;
    const question = this.take();
    const consequence = this.expression();
    const colon = this.expect(":");
    return this.node("ternary_expression", [test, question, consequence, colon, this.expression()]);
  }

  private binary(minimum: number): JavaNode {
    let left = this.unary();
    for (;;) {
      const type = this.peek().type;
      const precedence = Object.hasOwn(binaryPrecedence, type) ? binaryPrecedence[type] : undefined;
      if (precedence === undefined || precedence <= minimum) return left;
      const operator = this.take();
      const right = type === "instanceof" ? this.typeNode() : this.binary(precedence);
      left = this.node(type === "instanceof" ? "instanceof_expression" : "binary_expression", [
        left,
        operator,
        right,
      ]);
    }
  }

  private unary(): JavaNode {
    // Prefix operators and casts recurse here without passing through expression(): count them too.
    this.depth += 1;
    if (this.depth > 500) fail("nested too deeply");
    try {
      const type = this.peek().type;
      if (["+", "-", "!", "~", "++", "--"].includes(type)) {
        const operator = this.take();
        return this.node("unary_expression", [operator, this.unary()]);
      }
      if (type === "(" && this.castAhead()) {
        const open = this.take();
        const castType = this.typeNode();
        const close = this.expect(")");
        return this.node("cast_expression", [open, castType, close, this.unary()]);
      }
      return this.postfix();
    } finally {
      this.depth -= 1;
    }
  }

  private castAhead(): boolean {
    if (primitiveTypes.has(this.peek(1).type)) return true;
    if (!this.is("identifier", 1)) return false;
    let offset = 2;
    while (this.is(".", offset) && this.is("identifier", offset + 1)) offset += 2;
    while (this.is("[", offset) && this.is("]", offset + 1)) offset += 2;
    if (!this.is(")", offset)) return false;
    const next = this.peek(offset + 1).type;
    return [
      "identifier",
      "string_literal",
      "character_literal",
      "decimal_integer_literal",
      "decimal_floating_point_literal",
      "(",
      "this",
      "new",
      "true",
      "false",
      "null_literal",
      "!",
      "~",
    ].includes(next);
  }
}
