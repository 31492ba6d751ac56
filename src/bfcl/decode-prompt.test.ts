/**
 * Prompt-mode decoding. Python: checked against BFCL's own decoder (fixtures/python-decode.jsonl
 * holds texts and the `repr()` of what the official default_decode_ast_prompting returned, or null
 * when it raised). Java / JavaScript: the expectations below are what BFCL's tree-sitter based
 * decoders return (checked with tree-sitter-java 0.23.5 and tree-sitter-javascript 0.23).
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { decodeJavaPrompt } from "./decode-java-prompt.js";
import { decodeJavaScriptPrompt } from "./decode-javascript-prompt.js";
import { type BfclDecodeResult, decodePythonPrompt } from "./decode-python-prompt.js";
import { pyRepr } from "./py-repr.js";

function shown(result: BfclDecodeResult): string | null {
  return result.ok ? pyRepr(result.value) : null;
}

test("Python decoding matches the official decoder on every fixture text", () => {
  const lines = readFileSync(new URL("./fixtures/python-decode.jsonl", import.meta.url), "utf8")
    .split("\n")
    .filter(Boolean);
  assert.ok(lines.length > 150);
  const mismatches: string[] = [];
  for (const line of lines) {
    const { text, expected } = JSON.parse(line) as { text: string; expected: string | null };
    const actual = shown(decodePythonPrompt(text));
    if (actual !== expected) mismatches.push(`${JSON.stringify(text)}: expected ${expected}, got ${actual}`);
  }
  assert.deepEqual(mismatches, []);
});

test("Python decoding: BFCL's quirks", () => {
  // Names become strings, so JSON-style true is the string "true".
  assert.equal(shown(decodePythonPrompt("[f(a=true, b=null)]")), "[{'f': {'a': 'true', 'b': 'null'}}]");
  // A ```python fence leaves "python" in front of the list, which then fails to parse.
  assert.equal(shown(decodePythonPrompt("```python\n[f(a=1)]\n```")), null);
  assert.equal(shown(decodePythonPrompt("```\n[f(a=1)]\n```")), "[{'f': {'a': 1}}]");
  // Unary operators all negate a literal (BFCL reads -operand.value whatever the operator).
  assert.equal(shown(decodePythonPrompt("[f(a=+5, b=-2.5)]")), "[{'f': {'a': -5, 'b': -2.5}}]");
  // Positional arguments are dropped; calls without keywords become their source text.
  assert.equal(shown(decodePythonPrompt("[f(1, a=g(2, 'x'))]")), "[{'f': {'a': \"g(2, 'x')\"}}]");
  assert.equal(
    shown(decodePythonPrompt("[f(a=2**10, b='ab'*2, c=7//2)]")),
    "[{'f': {'a': 1024, 'b': 'abab', 'c': 3}}]",
  );
  assert.equal(shown(decodePythonPrompt("No call is needed.")), null);
});

test("Java decoding keeps argument values as Java source text", () => {
  assert.equal(
    shown(
      decodeJavaPrompt(
        "[Foo.bar(count=5, ttl=60L, rate=1.5f, flag=true, name=\"Ann\", c='x', neg=-5, sum=1 + 2)]",
      ),
    ),
    "[{'Foo.bar': {'count': '5', 'ttl': '60L', 'rate': '1.5f', 'flag': 'true', 'name': 'Ann', 'c': 'x', 'neg': '-5', 'sum': '1+2'}}]",
  );
  assert.equal(
    shown(
      decodeJavaPrompt(
        '[Foo.bar(arr=new int[]{1, 2}, list=new ArrayList<>(Arrays.asList("a", "b")), map=new HashMap<String, Integer>() {{ put("a", 1); }})]',
      ),
    ),
    "[{'Foo.bar': {'arr': 'new int[]{1,2}', 'list': 'new ArrayList<>(Arrays.asList(\"a\", \"b\"))', 'map': 'new HashMap<String,Integer>()'}}]",
  );
  assert.equal(
    shown(decodeJavaPrompt("[Foo.bar(mapController, 5, x=y)]")),
    "[{'Foo.bar': {None: 'mapController', 'x': 'y'}}]",
  );
  assert.equal(shown(decodeJavaPrompt("Foo.bar(x=1)")), "[{'Foo.bar': {'x': '1'}}]");
  // Java has no comma operator and no list literal: both are syntax errors.
  assert.equal(shown(decodeJavaPrompt("[Foo.bar(x=1), Baz.qux(y=2)]")), null);
  assert.equal(shown(decodeJavaPrompt("[Foo.bar(x=[1, 2])]")), null);
  assert.equal(shown(decodeJavaPrompt("[Foo.bar(x=1, x=2)]")), null);
  // A declaration without a call decodes to {} (not a list); a lone bare name is an ERROR.
  assert.equal(shown(decodeJavaPrompt("[Foo x]")), "{}");
  assert.equal(shown(decodeJavaPrompt("[x]")), null);
  assert.equal(shown(decodeJavaPrompt("[lbl: Foo.bar(x=1)]")), "[{'Foo.bar': {'x': '1'}}]");
});

test("JavaScript decoding keeps argument values as source text, one pair of quotes removed", () => {
  assert.equal(
    shown(
      decodeJavaScriptPrompt(
        `[trackEvent(name="page", size=1.5, tags=['a', 'b'], opts={x: 1}, big=10n, ok=true)]`,
      ),
    ),
    `[{'trackEvent': {'name': 'page', 'size': '1.5', 'tags': "['a', 'b']", 'opts': '{x: 1}', 'big': '10n', 'ok': 'true'}}]`,
  );
  assert.equal(
    shown(decodeJavaScriptPrompt("[obj.method(x=(a) => a + 1)]")),
    "[{'obj.method': {'x': '(a) => a + 1'}}]",
  );
  // Two calls form one sequence expression, which is not a call: no call found (None).
  assert.equal(shown(decodeJavaScriptPrompt("[f(a=1), g(b=2)]")), "None");
  assert.equal(shown(decodeJavaScriptPrompt("I cannot help")), null);
  assert.equal(shown(decodeJavaScriptPrompt("[f(p, true, x=1)]")), null);
});

test("Java and JavaScript decoding refuse 20,000 prefix operators or casts instead of overflowing", () => {
  for (const text of [`[f(x=${"-".repeat(20_000)}1)]`, `[f(x=${"!".repeat(20_000)}true)]`]) {
    for (const decode of [decodeJavaPrompt, decodeJavaScriptPrompt]) {
      const result = decode(text);
      assert.equal(result.ok, false);
      assert.match(result.ok ? "" : String(result.error), /nested too deeply/);
    }
  }
  const casts = decodeJavaPrompt(`[f(x=${"(int) ".repeat(20_000)}1)]`);
  assert.equal(casts.ok, false);
});
