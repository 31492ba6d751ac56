/**
 * A small Java expression parser producing a tree shaped like tree-sitter-java's where BFCL's
 * Java decoder looks (method_invocation, assignment_expression, string_literal,
 * array_creation_expression, object_creation_expression, ...): other constructs become generic
 * nodes whose leaves are the tokens. What it cannot read raises {@link PythonDecodeError}
 * (tree-sitter's ERROR).
 */

import {
  assignmentOperators,
  binaryPrecedence,
  javaSyntaxError as fail,
  type JavaNode,
  primitiveTypes,
  tokenizeJava,
} from "./java-tokenizer.js";
import { JavaTypeParser } from "./java-type-parser.js";

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

class Parser extends JavaTypeParser {
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

  private balanced(open: string, close: string): JavaNode[] {
    const nodes = [this.expect(open)];
    let depth = 1;
    while (depth > 0) {
      const token = this.take();
      if (token.type === open) depth += 1;
      else if (token.type === close) depth -= 1;
      nodes.push(token);
    }
    return nodes;
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

  private postfix(): JavaNode {
    let node = this.primary();
    for (;;) {
      if (this.is(".")) {
        const dot = this.take();
        const typeArguments = this.is("<") ? [this.typeArguments()] : [];
        if (this.is("class") && typeArguments.length === 0) {
          node = this.node("class_literal", [node, dot, this.take()]);
          continue;
        }
        const name = this.expect("identifier");
        if (this.is("(")) {
          const args = this.argumentList();
          node = this.node("method_invocation", [node, dot, ...typeArguments, name, args], {
            object: node,
            name,
            arguments: args,
          });
        } else node = this.node("field_access", [node, dot, name]);
      } else if (this.is("[")) {
        const open = this.take();
        const index = this.expression();
        node = this.node("array_access", [node, open, index, this.expect("]")]);
      } else if (this.is("::")) {
        const colons = this.take();
        node = this.node("method_reference", [
          node,
          colons,
          this.is("new") ? this.take() : this.expect("identifier"),
        ]);
      } else if (this.is("++") || this.is("--")) {
        node = this.node("update_expression", [node, this.take()]);
      } else return node;
    }
  }

  private primary(): JavaNode {
    const token = this.peek();
    switch (token.type) {
      case "identifier":
        this.take();
        if (this.is("(")) {
          const args = this.argumentList();
          return this.node("method_invocation", [token, args], { name: token, arguments: args });
        }
        return token;
      case "decimal_integer_literal":
      case "decimal_floating_point_literal":
      case "string_literal":
      case "character_literal":
      case "true":
      case "false":
      case "null_literal":
      case "this":
      case "super":
        return this.take();
      case "(": {
        const open = this.take();
        const inner = this.expression();
        return this.node("parenthesized_expression", [open, inner, this.expect(")")]);
      }
      case "new":
        return this.creation();
      default:
        if (primitiveTypes.has(token.type) && this.is(".", 1) && this.is("class", 2))
          return this.node("class_literal", [this.take(), this.take(), this.take()]);
        return fail(`unexpected '${token.type === "end" ? "end of input" : token.type}'`);
    }
  }

  private argumentList(): JavaNode {
    const children = [this.expect("(")];
    while (!this.is(")")) {
      children.push(this.expression());
      if (!this.is(",")) break;
      children.push(this.take());
      if (this.is(")")) fail("a trailing comma in arguments");
    }
    children.push(this.expect(")"));
    return this.node("argument_list", children);
  }

  private creation(): JavaNode {
    const keyword = this.take();
    const type = this.typeNodeWithoutArrays();
    if (this.is("[")) {
      const dimensions: JavaNode[] = [];
      while (this.is("[")) {
        dimensions.push(this.take());
        if (!this.is("]")) dimensions.push(this.expression());
        dimensions.push(this.expect("]"));
      }
      const value = this.is("{") ? this.arrayInitializer() : undefined;
      const children = [keyword, type, ...dimensions, ...(value ? [value] : [])];
      return this.node("array_creation_expression", children, value ? { type, value } : { type });
    }
    const args = this.argumentList();
    const body = this.is("{") ? [this.node("class_body", this.balanced("{", "}"))] : [];
    return this.node("object_creation_expression", [keyword, type, args, ...body], { type, arguments: args });
  }

  private arrayInitializer(): JavaNode {
    const children = [this.expect("{")];
    while (!this.is("}")) {
      children.push(this.is("{") ? this.arrayInitializer() : this.expression());
      if (!this.is(",")) break;
      children.push(this.take());
    }
    children.push(this.expect("}"));
    return this.node("array_initializer", children);
  }
}
