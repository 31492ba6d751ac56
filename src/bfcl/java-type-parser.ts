/**
 * The token helpers and type grammar of the Java parser: dotted names, type arguments (`>>`
 * split in two where it closes two lists) and array brackets, plus the look-ahead for a local
 * variable declaration.
 */
import {
  javaSyntaxError as fail,
  type JavaNode,
  type JavaToken,
  leaf,
  primitiveTypes,
} from "./java-tokenizer.js";

/** Token helpers and types; expressions and statements live in the subclass. */
export abstract class JavaTypeParser {
  protected readonly tokens: JavaToken[];
  protected index = 0;
  protected depth = 0;

  constructor(tokens: JavaToken[]) {
    this.tokens = tokens;
  }

  protected peek(offset = 0): JavaNode {
    return (this.tokens[Math.min(this.index + offset, this.tokens.length - 1)] as JavaToken).node;
  }

  protected is(type: string, offset = 0): boolean {
    return this.peek(offset).type === type;
  }

  protected take(): JavaNode {
    const node = this.peek();
    if (node.type === "end") fail("unexpected end of input");
    this.index += 1;
    return node;
  }

  protected expect(type: string): JavaNode {
    if (!this.is(type)) fail(`expected '${type}'`);
    return this.take();
  }

  protected node(type: string, children: JavaNode[], fields?: JavaNode["fields"]): JavaNode {
    const first = children[0] as JavaNode;
    const last = children[children.length - 1] as JavaNode;
    return { type, start: first.start, end: last.end, children, ...(fields ? { fields } : {}) };
  }

  /** A type: primitive or dotted name, optional type arguments, optional `[]` pairs. */
  protected typeNode(): JavaNode {
    const children: JavaNode[] = [];
    if (primitiveTypes.has(this.peek().type)) children.push(this.node("integral_type", [this.take()]));
    else {
      children.push(this.expect("identifier"));
      while (this.is(".") && this.is("identifier", 1)) children.push(this.take(), this.take());
      if (this.is("<")) children.push(this.typeArguments());
    }
    while (this.is("[") && this.is("]", 1)) children.push(this.take(), this.take());
    return children.length === 1 ? (children[0] as JavaNode) : this.node("generic_type", children);
  }

  protected typeArguments(): JavaNode {
    const children = [this.expect("<")];
    while (!this.is(">")) {
      if (this.is(">>") || this.is(">>>")) this.splitClosingAngles();
      if (this.is(">")) break;
      children.push(this.is("?") ? this.take() : this.typeNode());
      if (this.is("extends") || this.is("super")) children.push(this.take(), this.typeNode());
      if (this.is(">>") || this.is(">>>")) this.splitClosingAngles();
      if (!this.is(",")) break;
      children.push(this.take());
    }
    children.push(this.expect(">"));
    return this.node("type_arguments", children);
  }

  /** `List<List<String>>`: the lexer's `>>` closes two type argument lists. */
  protected splitClosingAngles(): void {
    const token = this.tokens[this.index] as JavaToken;
    const { start, end } = token.node;
    const pieces = Array.from({ length: end - start }, (_, offset) => ({
      node: leaf(">", start + offset, start + offset + 1),
      newlineBefore: offset === 0 ? token.newlineBefore : false,
    }));
    this.tokens.splice(this.index, 1, ...pieces);
  }

  protected typeNodeWithoutArrays(): JavaNode {
    if (primitiveTypes.has(this.peek().type)) return this.node("integral_type", [this.take()]);
    const children = [this.expect("identifier")];
    while (this.is(".") && this.is("identifier", 1)) children.push(this.take(), this.take());
    if (this.is("<")) children.push(this.typeArguments());
    return children.length === 1 ? (children[0] as JavaNode) : this.node("generic_type", children);
  }

  /** `[final] Type name` ahead (a local variable declaration). */
  protected declarationAhead(): boolean {
    let offset = this.is("final") ? 1 : 0;
    if (primitiveTypes.has(this.peek(offset).type)) offset += 1;
    else if (this.is("identifier", offset)) {
      offset += 1;
      while (this.is(".", offset) && this.is("identifier", offset + 1)) offset += 2;
      if (this.is("<", offset)) {
        let depth = 0;
        for (;;) {
          const type = this.peek(offset).type;
          if (type === "end") return false;
          if (type === "<") depth += 1;
          else if (type === ">") depth -= 1;
          else if (type === ">>") depth -= 2;
          else if (type === ">>>") depth -= 3;
          else if (!typeTokens.has(type) && !primitiveTypes.has(type)) return false;
          offset += 1;
          if (depth <= 0) break;
        }
      }
    } else return false;
    while (this.is("[", offset) && this.is("]", offset + 1)) offset += 2;
    return this.is("identifier", offset);
  }
}

const typeTokens = new Set(["identifier", ",", ".", "?", "extends", "super", "[", "]"]);
