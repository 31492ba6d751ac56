/**
 * BFCL's prompt-mode decoding for Java entries: the bracketed reply minus its first and last
 * character is parsed as Java; the first method invocation (outermost first) gives
 * `{object.name: {param: value-text}}`. A `name = value` argument keeps the value as text the way
 * BFCL's tree walk prints it: a string or char literal without its quotes, a name or nested
 * method call as written, `new T[]{...}` and `new T(args)` rebuilt, anything else as its tokens
 * joined without spaces (`-5`, `1+2`). Bare names go under a None key. No invocation gives a
 * non-list (BFCL's `{}`). A hand-written stand-in for tree-sitter: it agrees with it on well-formed
 * replies and on about 97% of randomly damaged ones (tree-sitter recovers from some errors that
 * this parser rejects, and the reverse).
 */
import { type BfclDecodeResult, bracketReply } from "./decode-python-prompt.js";
import { type JavaNode, parseJavaProgram } from "./java-syntax.js";
import { dictIndex, dictSet, emptyDict, type PyValue, pyNone, pyStr } from "./py-value.js";
import { pyInner } from "./python-text.js";
import { PythonDecodeError } from "./python-tokenizer.js";

const rawTextTypes = new Set(["identifier", "class_literal", "type_identifier", "method_invocation"]);

/**
 * BFCL's `get_text`: it slices the source string with tree-sitter's UTF-8 byte offsets, so after
 * a non-ASCII character the text it gets is shifted; reproduced here.
 */
function textOf(source: string, node: { start: number; end: number }): string {
  if (isAscii(source)) return source.slice(node.start, node.end);
  const codePoints = Array.from(source);
  const byteOffset = (index: number): number => Buffer.byteLength(source.slice(0, index), "utf8");
  return codePoints.slice(byteOffset(node.start), byteOffset(node.end)).join("");
}

function isAscii(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) if (text.charCodeAt(index) > 0x7f) return false;
  return true;
}

/** BFCL's `traverse_node`: the text of a value node. */
function valueText(node: JavaNode, source: string, nested: boolean): string {
  const text = textOf(source, node);
  if (node.type === "string_literal" || node.type === "character_literal")
    return nested ? text : pyInner(text);
  if (rawTextTypes.has(node.type)) return text;
  if (node.type === "array_creation_expression") {
    const { type, value } = node.fields ?? {};
    if (!type || !value) throw new PythonDecodeError("AttributeError: an array creation without initializer");
    return `new ${valueText(type, source, true)}[]${valueText(value, source, true)}`;
  }
  if (node.type === "object_creation_expression") {
    const { type, arguments: args } = node.fields ?? {};
    if (!type) throw new PythonDecodeError("an object creation without a type");
    const parts = (args?.children ?? [])
      .filter((child) => child.type !== "," && child.type !== "(" && child.type !== ")")
      .map((child) => valueText(child, source, true));
    return `new ${valueText(type, source, true)}(${parts.join(", ")})`;
  }
  if (node.children.length > 0) return node.children.map((child) => valueText(child, source, true)).join("");
  return text;
}

function findInvocation(node: JavaNode): JavaNode | undefined {
  if (node.type === "method_invocation") return node;
  for (const child of node.children) {
    const found = findInvocation(child);
    if (found) return found;
  }
  return undefined;
}

/** Decodes a reply for a Java category. Never throws. */
export function decodeJavaPrompt(text: string): BfclDecodeResult {
  const source = pyInner(bracketReply(text));
  try {
    const invocation = findInvocation(parseJavaProgram(source));
    if (!invocation) return { ok: true, value: emptyDict() };
    const { name, object, arguments: args } = invocation.fields ?? {};
    if (!name || !args) return { ok: true, value: emptyDict() };
    const method = textOf(source, name);
    const functionName = object ? `${textOf(source, object)}.${method}` : method;
    const params = emptyDict();
    for (const child of args.children) {
      let key: PyValue;
      let value: string;
      if (child.type === "assignment_expression") {
        const [left, , right] = child.children;
        if (!left || !right) continue;
        key = pyStr(textOf(source, left));
        value = valueText(right, source, false);
      } else if (child.type === "identifier" || child.type === "class_literal") {
        key = pyNone;
        value = valueText(child, source, false);
      } else continue;
      if (dictIndex(params, key) >= 0)
        return { ok: false, error: "Error: Multiple arguments with the same name are not supported." };
      dictSet(params, key, pyStr(value));
    }
    const call = emptyDict();
    dictSet(call, pyStr(functionName), params);
    return { ok: true, value: { kind: "list", items: [call] } };
  } catch (error) {
    if (error instanceof PythonDecodeError) return { ok: false, error: error.message };
    throw error;
  }
}
