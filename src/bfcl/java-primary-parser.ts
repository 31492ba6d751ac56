/**
 * The primary level of the Java expression parser: literals, names, calls with their argument
 * lists, `new` (objects, arrays, anonymous class bodies kept as balanced tokens), array
 * initialisers, and the postfix chain (field access, method calls, indexing, `::`, `++`/`--`).
 */
import { javaSyntaxError as fail, type JavaNode, primitiveTypes } from "./java-tokenizer.js";
import { JavaTypeParser } from "./java-type-parser.js";

/** Primaries and postfix chains; the operator levels and statements live in the subclass. */
export abstract class JavaPrimaryParser extends JavaTypeParser {
  /** A whole expression (the subclass's top operator level). */
  abstract expression(): JavaNode;

  protected postfix(): JavaNode {
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

  protected arrayInitializer(): JavaNode {
    const children = [this.expect("{")];
    while (!this.is("}")) {
      children.push(this.is("{") ? this.arrayInitializer() : this.expression());
      if (!this.is(",")) break;
      children.push(this.take());
    }
    children.push(this.expect("}"));
    return this.node("array_initializer", children);
  }

  protected balanced(open: string, close: string): JavaNode[] {
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
}
