/**
 * BFCL's `default_decode_ast_prompting` for Python: the raw reply is stripped of backticks,
 * newlines and spaces at both ends, wrapped in `[` `]` where missing, parsed as one Python
 * expression, and each call in the list becomes `{name: {keyword: value}}`. Values follow
 * BFCL's `resolve_ast_by_type`: names become strings (`true` → "true"), a call without keyword
 * arguments becomes its source text, a call with keywords a nested `{name: {...}}` dict,
 * arithmetic is evaluated, `-` in front of a literal negates it (whatever the operator: BFCL
 * also negates `+5`), positional arguments are dropped. Never throws.
 */
import { dictSet, emptyDict, isHashable, type PyDict, type PyValue, pyNone, pyStr } from "./py-value.js";
import { evaluatePython } from "./python-eval.js";
import { type PyNode, parsePythonExpression } from "./python-parser.js";
import { pyStrip, pyStripChars } from "./python-text.js";
import { PythonDecodeError } from "./python-tokenizer.js";
import { unparsePython } from "./python-unparse.js";

/** A decoded output (a list of `{name: {args}}` dicts), or why decoding failed. */
export type BfclDecodeResult = { ok: true; value: PyValue } | { ok: false; error: string };

/** Wraps a reply in brackets the way BFCL's prompt decoders do before parsing. */
export function bracketReply(text: string): string {
  let result = pyStripChars(text, "`\n ");
  if (!result.startsWith("[")) result = `[${result}`;
  if (!result.endsWith("]")) result = `${result}]`;
  return result;
}

/** Decodes a prompt-mode reply as BFCL does for Python categories and for (ir)relevance. */
export function decodePythonPrompt(text: string): BfclDecodeResult {
  try {
    const cleaned = pyStripChars(pyStrip(bracketReply(text)), "'");
    const body = parsePythonExpression(cleaned);
    if (body.type === "Call") return { ok: true, value: { kind: "list", items: [resolveCall(body)] } };
    if (body.type !== "List" && body.type !== "Tuple" && body.type !== "Set")
      return { ok: false, error: `'${body.type}' object has no attribute 'elts'` };
    const items: PyValue[] = [];
    for (const element of body.elts) {
      if (element.type !== "Call")
        return { ok: false, error: "AssertionError: a list element is not a call" };
      items.push(resolveCall(element));
    }
    return { ok: true, value: { kind: "list", items } };
  } catch (error) {
    if (error instanceof PythonDecodeError) return { ok: false, error: error.message };
    throw error;
  }
}

/** `resolve_ast_call`: `{dotted.name: {keyword: value}}`; positional arguments are ignored. */
function resolveCall(node: Extract<PyNode, { type: "Call" }>): PyDict {
  const parts: string[] = [];
  let func = node.func;
  while (func.type === "Attribute") {
    parts.push(func.attr);
    func = func.value;
  }
  if (func.type === "Name") parts.push(func.id);
  const args = emptyDict();
  for (const keyword of node.keywords) {
    dictSet(args, keyword.arg === null ? pyNone : pyStr(keyword.arg), resolveValue(keyword.value));
  }
  const call = emptyDict();
  dictSet(call, pyStr(parts.reverse().join(".")), args);
  return call;
}

/** `resolve_ast_by_type`. */
function resolveValue(node: PyNode): PyValue {
  switch (node.type) {
    case "Constant":
      return node.value === "ellipsis" ? pyStr("...") : node.value;
    case "UnaryOp":
      return negateOperand(node.operand);
    case "List":
      return { kind: "list", items: node.elts.map(resolveValue) };
    case "Tuple":
      return { kind: "tuple", items: node.elts.map(resolveValue) };
    case "Dict": {
      const dict = emptyDict();
      node.keys.forEach((key, index) => {
        if (key === null) throw new PythonDecodeError("Unsupported AST type: <class 'NoneType'>");
        const keyValue = resolveValue(key);
        const value = resolveValue(node.values[index] as PyNode);
        if (!isHashable(keyValue)) throw new PythonDecodeError("TypeError: unhashable dict key");
        dictSet(dict, keyValue, value);
      });
      return dict;
    }
    case "BinOp":
      return evaluatePython(node);
    case "Name":
      return pyStr(node.id);
    case "Call":
      return node.keywords.length === 0 ? pyStr(unparsePython(node)) : resolveCall(node);
    case "Subscript":
      return pyStr(`${unparsePython(node.value)}[${unparsePython(node.slice)}]`);
    default:
      throw new PythonDecodeError(`Unsupported AST type: <class 'ast.${node.type}'>`);
  }
}

/** `-value.operand.value`: only a numeric literal operand works, and it is negated. */
function negateOperand(operand: PyNode): PyValue {
  if (operand.type !== "Constant" || operand.value === "ellipsis")
    throw new PythonDecodeError("bad operand for unary minus in an argument");
  const value = operand.value;
  switch (value.kind) {
    case "int":
      return { kind: "int", value: -value.value };
    case "bool":
      return { kind: "int", value: value.value ? -1n : 0n };
    case "float":
      return { kind: "float", value: -value.value };
    case "complex":
      return { kind: "complex", real: -value.real, imag: -value.imag };
    default:
      throw new PythonDecodeError(`TypeError: bad operand type for unary -: '${value.kind}'`);
  }
}
