/**
 * Parser for Python literals and keyword-argument calls, as BFCL prompt-mode models and LFM2 write
 * tool calls: `[f(a=1), math.factorial(n=5)]`. Values are kept losslessly (an int stays distinct
 * from a float, a tuple from a list) for the BFCL checker; {@link toPlainValue} gives plain JSON.
 * Never throws: failures come back as `{ ok: false, error }`.
 */

import { errorMessage } from "../error-message.js";
import { maxNestingDepth } from "./nesting-depth.js";
import { PythonCallLexer, PythonSyntaxError, type PythonToken } from "./python-call-lexer.js";

/** A Python literal with its Python type kept. `int` keeps its source text for huge values. */
export type PythonValue =
  | { kind: "int"; value: number; text: string }
  | { kind: "float"; value: number }
  | { kind: "string"; value: string }
  | { kind: "bool"; value: boolean }
  | { kind: "none" }
  | { kind: "list"; items: PythonValue[] }
  | { kind: "tuple"; items: PythonValue[] }
  | { kind: "dict"; entries: Array<{ key: PythonValue; value: PythonValue }> };

/** One call `name(key=value, ...)`; `name` may be dotted. `start`/`end` are offsets in the text. */
export interface PythonCall {
  name: string;
  arguments: Record<string, PythonValue>;
  start: number;
  end: number;
}

/** Why a Python expression could not be read. `offset` points into the parsed text. */
export interface PythonParseError {
  type: "invalid-syntax" | "truncated";
  message: string;
  offset: number;
}

/** Result of a parse; `end` is the offset just after the last character consumed. */
export type PythonParseResult<T> =
  | { ok: true; value: T; end: number }
  | { ok: false; error: PythonParseError };

/**
 * Deepest `value(depth)` read. A call's arguments may nest `maxNestingDepth` levels (the object
 * being one); a scalar inside the deepest list is read at this depth, a list there is refused by
 * the arguments check.
 */
const maximumDepth = maxNestingDepth;
const constants: Record<string, PythonValue> = {
  True: { kind: "bool", value: true },
  False: { kind: "bool", value: false },
  None: { kind: "none" },
  true: { kind: "bool", value: true },
  false: { kind: "bool", value: false },
  null: { kind: "none" },
};

/** Parses one Python literal starting at `start` (e.g. `{"a": (1, 2.0)}`). */
export function parsePythonValue(text: string, start = 0): PythonParseResult<PythonValue> {
  return guard(text, start, (parser) => parser.value(0));
}

/**
 * Parses a list of calls `[f(a=1), g()]` or bare calls `f(a=1), g()` starting at `start`.
 * Stops after the closing bracket (or the last bare call); what follows is not read.
 */
export function parsePythonCalls(text: string, start = 0): PythonParseResult<PythonCall[]> {
  return guard(text, start, (parser) => parser.callList());
}

/** Converts a Python value to plain JSON data: tuples become arrays, dict keys become strings. */
export function toPlainValue(value: PythonValue): unknown {
  switch (value.kind) {
    case "int":
    case "float":
    case "string":
    case "bool":
      return value.value;
    case "none":
      return null;
    case "list":
    case "tuple":
      return value.items.map(toPlainValue);
    case "dict":
      return Object.fromEntries(
        value.entries.map((entry) => [plainKey(entry.key), toPlainValue(entry.value)]),
      );
  }
}

/** The plain-JSON arguments object of a call. */
export function toPlainArguments(call: PythonCall): Record<string, unknown> {
  return Object.fromEntries(Object.entries(call.arguments).map(([key, value]) => [key, toPlainValue(value)]));
}

function plainKey(key: PythonValue): string {
  const plain = toPlainValue(key);
  return typeof plain === "string" ? plain : JSON.stringify(plain);
}

function guard<T>(text: string, start: number, read: (parser: Parser) => T): PythonParseResult<T> {
  try {
    const parser = new Parser(String(text), start);
    const value = read(parser);
    return { ok: true, value, end: parser.end };
  } catch (error) {
    if (error instanceof PythonSyntaxError) {
      return { ok: false, error: { type: error.type, message: error.message, offset: error.offset } };
    }
    const message = errorMessage(error);
    return { ok: false, error: { type: "invalid-syntax", message, offset: start } };
  }
}

class Parser {
  private readonly lexer: PythonCallLexer;
  /** Offset after the last consumed token. */
  end: number;

  constructor(text: string, start: number) {
    this.lexer = new PythonCallLexer(text, start);
    this.end = start;
  }

  callList(): PythonCall[] {
    if (this.isPunct(this.lexer.peek(), "[")) {
      this.take();
      return this.sequence("]", () => this.call());
    }
    const calls = [this.call()];
    while (this.isPunct(this.lexer.peek(), ",")) {
      this.take();
      calls.push(this.call());
    }
    return calls;
  }

  call(): PythonCall {
    const first = this.expect("name", "a function name");
    let name = first.kind === "name" ? first.text : "";
    while (this.isPunct(this.lexer.peek(), ".")) {
      this.take();
      const part = this.expect("name", "a name after '.'");
      name += `.${part.kind === "name" ? part.text : ""}`;
    }
    this.expectPunct("(");
    const entries: Array<[string, PythonValue]> = [];
    const seen = new Set<string>();
    this.sequence(")", () => {
      const key = this.expect("name", "a keyword argument name=value (positional arguments are not allowed)");
      const keyName = key.kind === "name" ? key.text : "";
      if (!this.isPunct(this.lexer.peek(), "=")) {
        throw this.error(
          "expected '=' after the argument name (positional arguments are not allowed)",
          this.lexer.peek(),
        );
      }
      this.take();
      if (seen.has(keyName))
        throw new PythonSyntaxError("invalid-syntax", `keyword argument repeated: ${keyName}`, key.start);
      seen.add(keyName);
      entries.push([keyName, this.value(1)]);
    });
    return { name, arguments: Object.fromEntries(entries), start: first.start, end: this.end };
  }

  value(depth: number): PythonValue {
    const token = this.lexer.peek();
    if (depth > maximumDepth)
      throw new PythonSyntaxError(
        "invalid-syntax",
        `value nested deeper than ${maxNestingDepth} levels`,
        token.start,
      );
    if (token.kind === "string") {
      let value = "";
      while (this.lexer.peek().kind === "string") {
        const next = this.take();
        value += next.kind === "string" ? next.value : "";
      }
      return { kind: "string", value };
    }
    if (token.kind === "number") return this.number(1);
    if (token.kind === "name") {
      const constant = constants[token.text];
      if (!constant)
        throw this.error(`unexpected name '${token.text}' (only literals are allowed as values)`, token);
      this.take();
      return constant;
    }
    if (this.isPunct(token, "-") || this.isPunct(token, "+")) {
      this.take();
      if (this.lexer.peek().kind !== "number")
        throw this.error("expected a number after a sign", this.lexer.peek());
      return this.number(token.kind === "punct" && token.text === "-" ? -1 : 1);
    }
    if (this.isPunct(token, "[")) {
      this.take();
      return { kind: "list", items: this.sequence("]", () => this.value(depth + 1)) };
    }
    if (this.isPunct(token, "(")) return this.tuple(depth);
    if (this.isPunct(token, "{")) {
      this.take();
      const entries = this.sequence("}", () => {
        const key = this.value(depth + 1);
        this.expectPunct(":");
        return { key, value: this.value(depth + 1) };
      });
      return { kind: "dict", entries };
    }
    throw this.error("expected a value", token);
  }

  private tuple(depth: number): PythonValue {
    this.take();
    const items: PythonValue[] = [];
    let sawComma = false;
    while (!this.isPunct(this.lexer.peek(), ")")) {
      items.push(this.value(depth + 1));
      if (!this.isPunct(this.lexer.peek(), ",")) break;
      this.take();
      sawComma = true;
    }
    this.expectPunct(")");
    const only = items[0];
    if (items.length === 1 && !sawComma && only) return only;
    return { kind: "tuple", items };
  }

  private number(sign: number): PythonValue {
    const token = this.take();
    if (token.kind !== "number") throw this.error("expected a number", token);
    const digits = token.text.replace(/_/g, "");
    if (token.isFloat) return { kind: "float", value: sign * Number(digits) };
    const value = sign * Number(digits);
    if (!/^0[xXoObB]/.test(digits) && /^0\d/.test(digits) && /[1-9]/.test(digits)) {
      throw this.error("leading zeros in a decimal integer are not allowed", token);
    }
    return { kind: "int", value, text: `${sign < 0 ? "-" : ""}${digits}` };
  }

  /** Reads `item (, item)* [,]` up to the closing bracket, which it consumes. */
  private sequence<T>(close: string, item: () => T): T[] {
    const items: T[] = [];
    while (!this.isPunct(this.lexer.peek(), close)) {
      items.push(item());
      if (!this.isPunct(this.lexer.peek(), ",")) break;
      this.take();
    }
    this.expectPunct(close);
    return items;
  }

  private take(): PythonToken {
    const token = this.lexer.next();
    if (token.kind !== "end") this.end = token.end;
    return token;
  }

  private isPunct(token: PythonToken, text: string): boolean {
    return token.kind === "punct" && token.text === text;
  }

  private expect(kind: PythonToken["kind"], what: string): PythonToken {
    const token = this.lexer.peek();
    if (token.kind !== kind) throw this.error(`expected ${what}`, token);
    return this.take();
  }

  private expectPunct(text: string): void {
    const token = this.lexer.peek();
    if (!this.isPunct(token, text)) throw this.error(`expected '${text}'`, token);
    this.take();
  }

  private error(message: string, token: PythonToken): PythonSyntaxError {
    if (token.kind === "end")
      return new PythonSyntaxError("truncated", `${message}, but the text ended`, token.start);
    const found = token.kind === "string" ? "a string" : `'${"text" in token ? token.text : ""}'`;
    return new PythonSyntaxError(
      "invalid-syntax",
      `${message} at offset ${token.start}, found ${found}`,
      token.start,
    );
  }
}
