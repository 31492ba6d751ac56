/**
 * BFCL's `execute_multi_turn_func_call` for decoded call strings: each string is rewritten as
 * BFCL rewrites it (every `name(` whose name is a public method of an involved class gets the
 * instance name in front, inside string literals too), screened for forbidden names, then
 * evaluated as a Python expression against the live instances. The result is recorded as BFCL
 * records it (see {@link renderResult}); a raised exception as `Error during execution: <str(e)>`.
 */

import { type PyNode, parsePythonExpression } from "../python-parser.js";
import { pyWhitespaceClass } from "../python-text.js";
import { PythonDecodeError } from "../python-tokenizer.js";
import type { MultiTurnApi } from "./api-class.js";
import { bindArguments } from "./bind-arguments.js";
import {
  fromPyValue,
  PyDict,
  PyException,
  type PyObj,
  PySet,
  PyTuple,
  pyError,
  pyTruthy,
} from "./py-object.js";
import { pyAdd, pyDiv, pyMod, pyMul, pyNeg, pySub } from "./py-ops.js";
import { renderResult } from "./py-render.js";

/** The instances of one side (model or ground truth) of one entry, under their Python names. */
export interface InstanceSet {
  /** Class name → instance. */
  readonly byClass: ReadonlyMap<string, MultiTurnApi>;
  /** Instance (global) name → instance. */
  readonly byName: ReadonlyMap<string, MultiTurnApi>;
  /** Method name → instance name (the last involved class defining it wins). */
  readonly methodOwner: ReadonlyMap<string, string>;
}

/** The global name BFCL gives an instance: `{model}_{entry id}_{class}_instance`, `-./:` as `_`. */
export function instanceName(modelName: string, entryId: string, className: string): string {
  return `${modelName}_${entryId}_${className}_instance`.replace(/[-./:]/g, "_");
}

/** Indexes instances (in `involved_classes` order) under their global names. */
export function instanceSet(instances: ReadonlyArray<readonly [string, MultiTurnApi]>): InstanceSet {
  const byClass = new Map<string, MultiTurnApi>();
  const byName = new Map<string, MultiTurnApi>();
  const methodOwner = new Map<string, string>();
  for (const [name, instance] of instances) {
    byClass.set(instance.className, instance);
    byName.set(name, instance);
    for (const method of instance.methods.keys()) methodOwner.set(method, name);
  }
  return { byClass, byName, methodOwner };
}

const callName = new RegExp(
  `(?<![\\p{L}\\p{N}_])([a-zA-Z_][\\p{L}\\p{N}_]*)[${pyWhitespaceClass}]*(?=\\()`,
  "gu",
);
const forbidden = new Set(["kill", "exit", "quit", "remove", "unlink", "popen", "Popen", "run"]);

/** BFCL's `_process_method_calls`. */
export function prefixMethodCalls(call: string, methodOwner: ReadonlyMap<string, string>): string {
  return call.replace(callName, (_match, name: string) => {
    const owner = methodOwner.get(name);
    return owner === undefined ? name : `${owner}.${name}`;
  });
}

/** Executes one step's calls in order; returns one result text per call. */
export function executeCalls(calls: readonly string[], instances: InstanceSet): string[] {
  return calls.map((call) => executeOne(call, instances));
}

const parsedCalls = new Map<string, PyNode | PyException>();
const maximumCached = 50_000;

/** Parses `text` once (a SyntaxError is kept as its exception). */
function parseCached(text: string): PyNode | PyException {
  let parsed = parsedCalls.get(text);
  if (parsed === undefined) {
    try {
      parsed = parsePythonExpression(text);
    } catch (error) {
      if (!(error instanceof PythonDecodeError)) throw error;
      parsed = pyError("SyntaxError", "invalid syntax (<string>, line 1)");
    }
    if (parsedCalls.size >= maximumCached) parsedCalls.clear();
    parsedCalls.set(text, parsed);
  }
  return parsed;
}

/** True when a string literal in `node` holds `name(` for a mapped method (BFCL rewrites those). */
function literalNeedsRewrite(node: PyNode, methodOwner: ReadonlyMap<string, string>): boolean {
  switch (node.type) {
    case "Constant":
      if (node.value === "ellipsis" || (node.value.kind !== "str" && node.value.kind !== "bytes"))
        return false;
      if (!node.value.value.includes("(")) return false;
      return [...node.value.value.matchAll(callName)].some((match) => methodOwner.has(match[1] as string));
    case "Call":
      return (
        literalNeedsRewrite(node.func, methodOwner) ||
        node.args.some((arg) => literalNeedsRewrite(arg, methodOwner)) ||
        node.keywords.some((keyword) => literalNeedsRewrite(keyword.value, methodOwner))
      );
    case "List":
    case "Tuple":
    case "Set":
      return node.elts.some((item) => literalNeedsRewrite(item, methodOwner));
    case "Dict":
      return (
        node.keys.some((key) => key !== null && literalNeedsRewrite(key, methodOwner)) ||
        node.values.some((value) => literalNeedsRewrite(value, methodOwner))
      );
    case "Name":
      return false;
    case "UnaryOp":
      return literalNeedsRewrite(node.operand, methodOwner);
    case "BinOp":
      return literalNeedsRewrite(node.left, methodOwner) || literalNeedsRewrite(node.right, methodOwner);
    case "Starred":
    case "Attribute":
      return literalNeedsRewrite(node.value, methodOwner);
    default:
      return true;
  }
}

/**
 * Parses a call as BFCL's `eval` sees it. Calls by bare method name resolve to the same methods
 * whether or not the instance name is spelled out, so the original text is parsed (and cached);
 * only when a string literal holds a rewritable `name(` is the rewritten text parsed instead.
 */
function callTree(call: string, instances: InstanceSet): PyNode | PyException {
  const original = parseCached(call);
  if (original instanceof PyException || !literalNeedsRewrite(original, instances.methodOwner))
    return original;
  return parseCached(prefixMethodCalls(call, instances.methodOwner));
}

function executeOne(call: string, instances: InstanceSet): string {
  try {
    let head = call.includes("(") ? call.slice(0, call.indexOf("(")) : call;
    if (head.includes(".")) head = head.split(".")[1] as string;
    if (forbidden.has(head.trim()))
      throw pyError("Exception", `Function call ${head.trim()} is not allowed.`);
    const node = callTree(call, instances);
    if (node instanceof PyException) throw node;
    return renderResult(evaluate(node, instances));
  } catch (error) {
    if (error instanceof PyException) return `Error during execution: ${error.message}`;
    if (error instanceof RangeError || error instanceof TypeError)
      return `Error during execution: ${error.message}`;
    throw error;
  }
}

function evaluate(node: PyNode, instances: InstanceSet): PyObj {
  switch (node.type) {
    case "Constant":
      if (node.value === "ellipsis") throw pyError("TypeError", "Ellipsis is not supported");
      return fromPyValue(node.value);
    case "Name":
      throw pyError("NameError", `name '${node.id}' is not defined`);
    case "List":
      return node.elts.map((item) => evaluate(item, instances));
    case "Tuple":
      return new PyTuple(node.elts.map((item) => evaluate(item, instances)));
    case "Set":
      return new PySet(node.elts.map((item) => evaluate(item, instances)));
    case "Dict": {
      const dict = new PyDict();
      node.keys.forEach((key, index) => {
        if (key === null) throw pyError("TypeError", "dict unpacking is not supported");
        const keyValue = evaluate(key, instances);
        dict.set(keyValue, evaluate(node.values[index] as PyNode, instances));
      });
      return dict;
    }
    case "UnaryOp": {
      const operand = evaluate(node.operand, instances);
      if (node.op === "-") return pyNeg(operand);
      if (node.op === "not") return !pyTruthy(operand);
      if (node.op === "+") return operand;
      throw pyError("TypeError", `unsupported unary ${node.op}`);
    }
    case "BinOp": {
      const left = evaluate(node.left, instances);
      const right = evaluate(node.right, instances);
      if (node.op === "+") return pyAdd(left, right);
      if (node.op === "-") return pySub(left, right);
      if (node.op === "*") return pyMul(left, right);
      if (node.op === "/") return pyDiv(left, right);
      if (node.op === "%") return pyMod(left, right);
      throw pyError("TypeError", `unsupported operator ${node.op}`);
    }
    case "Call":
      return evaluateCall(node, instances);
    default:
      throw pyError("TypeError", `cannot evaluate a ${node.type} expression`);
  }
}

function evaluateCall(node: Extract<PyNode, { type: "Call" }>, instances: InstanceSet): PyObj {
  const func = node.func;
  let instance: MultiTurnApi | undefined;
  let methodName: string;
  if (func.type === "Attribute" && func.value.type === "Name") {
    instance = instances.byName.get(func.value.id);
    if (instance === undefined) throw pyError("NameError", `name '${func.value.id}' is not defined`);
    methodName = func.attr;
  } else if (func.type === "Name") {
    const owner = instances.methodOwner.get(func.id);
    instance = owner === undefined ? undefined : instances.byName.get(owner);
    if (instance === undefined) throw pyError("NameError", `name '${func.id}' is not defined`);
    methodName = func.id;
  } else {
    throw pyError("TypeError", `cannot call a ${func.type} expression`);
  }
  const method = instance.methods.get(methodName);
  if (method === undefined)
    throw pyError("AttributeError", `'${instance.className}' object has no attribute '${methodName}'`);
  const positional: PyObj[] = [];
  for (const arg of node.args) {
    if (arg.type === "Starred") throw pyError("TypeError", "argument unpacking is not supported");
    positional.push(evaluate(arg, instances));
  }
  const keywords: Array<[string, PyObj]> = [];
  for (const keyword of node.keywords) {
    if (keyword.arg === null) throw pyError("TypeError", "keyword unpacking is not supported");
    keywords.push([keyword.arg, evaluate(keyword.value, instances)]);
  }
  const args = bindArguments(`${instance.className}.${methodName}`, method.params, positional, keywords);
  return method.call(instance, args);
}
