/**
 * The atom level of the Python expression parser: tokens, names, literals, displays (list,
 * tuple, dict, set), calls with their argument rules, attribute access and subscripts.
 */
import { constant, keywords, numberValue, type PyKeyword, type PyNode } from "./python-ast.js";
import { type PyToken, PythonDecodeError } from "./python-tokenizer.js";

const maximumDepth = 1000;

/** Token helpers and atoms; the operator levels live in the subclass. */
export abstract class PythonAtomParser {
  protected readonly tokens: PyToken[];
  protected index = 0;
  protected depth = 0;

  constructor(tokens: PyToken[]) {
    this.tokens = tokens;
  }

  protected peek(offset = 0): PyToken {
    return this.tokens[this.index + offset] ?? { type: "end" };
  }

  protected isOp(text: string, offset = 0): boolean {
    const token = this.peek(offset);
    return token.type === "op" && token.text === text;
  }

  protected isKeyword(text: string, offset = 0): boolean {
    const token = this.peek(offset);
    return token.type === "name" && token.text === text;
  }

  protected expectOp(text: string): void {
    if (!this.isOp(text)) throw this.error(`expected '${text}'`);
    this.index += 1;
  }

  protected error(message: string): PythonDecodeError {
    return new PythonDecodeError(message);
  }

  protected enter(): void {
    this.depth += 1;
    if (this.depth > maximumDepth) throw this.error("expression nested too deeply");
  }

  protected primary(): PyNode {
    let node = this.atom();
    for (;;) {
      if (this.isOp(".")) {
        this.index += 1;
        const name = this.peek();
        if (name.type !== "name" || keywords.has(name.text)) throw this.error("expected a name after '.'");
        this.index += 1;
        node = { type: "Attribute", value: node, attr: name.text };
      } else if (this.isOp("(")) {
        this.index += 1;
        node = this.callArguments(node);
      } else if (this.isOp("[")) {
        this.index += 1;
        node = { type: "Subscript", value: node, slice: this.slices() };
        this.expectOp("]");
      } else {
        return node;
      }
    }
  }

  protected atom(): PyNode {
    const token = this.peek();
    if (token.type === "name") {
      this.index += 1;
      if (token.text === "True") return constant({ kind: "bool", value: true });
      if (token.text === "False") return constant({ kind: "bool", value: false });
      if (token.text === "None") return constant({ kind: "none" });
      if (keywords.has(token.text)) throw this.error(`unexpected keyword '${token.text}'`);
      return { type: "Name", id: token.text };
    }
    if (token.type === "number") {
      this.index += 1;
      return constant(numberValue(token.text, token.numberKind));
    }
    if (token.type === "string") return this.strings();
    if (token.type === "op") {
      if (token.text === "...") {
        this.index += 1;
        return { type: "Constant", value: "ellipsis", unicodePrefix: false };
      }
      if (token.text === "(") return this.parenthesized();
      if (token.text === "[") return this.list();
      if (token.text === "{") return this.braces();
    }
    throw this.error("invalid syntax");
  }

  protected strings(): PyNode {
    let value = "";
    let bytes: boolean | undefined;
    let fString = false;
    let unicodePrefix = false;
    let first = true;
    for (let token = this.peek(); token.type === "string"; token = this.peek()) {
      this.index += 1;
      if (bytes !== undefined && bytes !== token.bytes)
        throw this.error("cannot mix bytes and nonbytes literals");
      bytes = token.bytes;
      fString ||= token.fString;
      if (first) unicodePrefix = token.unicodePrefix;
      first = false;
      value += token.value;
    }
    if (fString) return { type: "JoinedStr" };
    return { type: "Constant", value: { kind: bytes ? "bytes" : "str", value }, unicodePrefix };
  }

  protected rejectComprehension(): void {
    if (this.isKeyword("for") || this.isKeyword("async"))
      throw this.error("comprehensions are not supported");
  }

  protected parenthesized(): PyNode {
    this.index += 1;
    if (this.isOp(")")) {
      this.index += 1;
      return { type: "Tuple", elts: [] };
    }
    if (this.isKeyword("yield")) throw this.error("yield is not supported");
    const first = this.starOrExpression();
    this.rejectComprehension();
    if (this.isOp(")")) {
      this.index += 1;
      if (first.type === "Starred") throw this.error("cannot use starred expression here");
      return first;
    }
    const elts = [first];
    while (this.isOp(",")) {
      this.index += 1;
      if (this.isOp(")")) break;
      elts.push(this.starOrExpression());
    }
    this.expectOp(")");
    return { type: "Tuple", elts };
  }

  protected list(): PyNode {
    this.index += 1;
    const elts: PyNode[] = [];
    while (!this.isOp("]")) {
      elts.push(this.starOrExpression());
      if (elts.length === 1) this.rejectComprehension();
      if (!this.isOp(",")) break;
      this.index += 1;
    }
    this.expectOp("]");
    return { type: "List", elts };
  }

  protected braces(): PyNode {
    this.index += 1;
    if (this.isOp("}")) {
      this.index += 1;
      return { type: "Dict", keys: [], values: [] };
    }
    const isDict = this.isOp("**") || this.dictAhead();
    if (!isDict) {
      const elts: PyNode[] = [];
      while (!this.isOp("}")) {
        elts.push(this.starOrExpression());
        if (elts.length === 1) this.rejectComprehension();
        if (!this.isOp(",")) break;
        this.index += 1;
      }
      this.expectOp("}");
      return { type: "Set", elts };
    }
    const keys: Array<PyNode | null> = [];
    const values: PyNode[] = [];
    while (!this.isOp("}")) {
      if (this.isOp("**")) {
        this.index += 1;
        keys.push(null);
        values.push(this.binary(0));
      } else {
        keys.push(this.expression());
        this.expectOp(":");
        values.push(this.expression());
      }
      if (keys.length === 1) this.rejectComprehension();
      if (!this.isOp(",")) break;
      this.index += 1;
    }
    this.expectOp("}");
    return { type: "Dict", keys, values };
  }

  /** True when the first item in braces is `key: value`. */
  protected dictAhead(): boolean {
    const start = this.index;
    try {
      this.expression();
      return this.isOp(":");
    } catch {
      return false;
    } finally {
      this.index = start;
    }
  }

  protected slices(): PyNode {
    const first = this.slice();
    if (!this.isOp(",")) return first;
    const elts = [first];
    while (this.isOp(",")) {
      this.index += 1;
      if (this.isOp("]")) break;
      elts.push(this.slice());
    }
    return { type: "Tuple", elts };
  }

  protected slice(): PyNode {
    if (this.isOp("*")) return this.starOrExpression();
    const lower = this.isOp(":") ? null : this.namedExpression();
    if (!this.isOp(":")) {
      if (lower === null) throw this.error("invalid syntax");
      return lower;
    }
    this.index += 1;
    const upper = this.isOp(":") || this.isOp(",") || this.isOp("]") ? null : this.expression();
    let step: PyNode | null = null;
    if (this.isOp(":")) {
      this.index += 1;
      step = this.isOp(",") || this.isOp("]") ? null : this.expression();
    }
    return { type: "Slice", lower, upper, step };
  }

  protected callArguments(func: PyNode): PyNode {
    const args: PyNode[] = [];
    const keywordList: PyKeyword[] = [];
    let sawKeyword = false;
    let sawDoubleStar = false;
    while (!this.isOp(")")) {
      const token = this.peek();
      if (this.isOp("**")) {
        this.index += 1;
        keywordList.push({ arg: null, value: this.expression() });
        sawDoubleStar = true;
      } else if (this.isOp("*")) {
        if (sawDoubleStar) throw this.error("iterable argument unpacking follows keyword argument unpacking");
        this.index += 1;
        args.push({ type: "Starred", value: this.expression() });
      } else if (token.type === "name" && this.isOp("=", 1)) {
        if (keywords.has(token.text)) throw this.error(`cannot assign to ${token.text}`);
        this.index += 2;
        keywordList.push({ arg: token.text, value: this.expression() });
        sawKeyword = true;
      } else {
        const value = this.namedExpression();
        this.rejectComprehension();
        if (this.isOp("=")) throw this.error("expression cannot contain assignment");
        if (sawDoubleStar) throw this.error("positional argument follows keyword argument unpacking");
        if (sawKeyword) throw this.error("positional argument follows keyword argument");
        args.push(value);
      }
      if (!this.isOp(",")) break;
      this.index += 1;
    }
    this.expectOp(")");
    return { type: "Call", func, args, keywords: keywordList };
  }

  abstract expression(): PyNode;
  protected abstract starOrExpression(): PyNode;
  protected abstract namedExpression(): PyNode;
  protected abstract binary(level: number): PyNode;
}
