import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { parsePythonCalls, parsePythonValue, toPlainArguments, toPlainValue } from "./python-literal.js";

function calls(text: string) {
  const result = parsePythonCalls(text);
  assert.ok(result.ok, `expected ${text} to parse: ${JSON.stringify(!result.ok && result.error)}`);
  return result.value;
}

function failure(text: string) {
  const result = parsePythonCalls(text);
  assert.equal(result.ok, false, `expected ${text} to fail`);
  return result.ok ? undefined : result.error;
}

describe("parsePythonCalls", () => {
  it("reads a BFCL list with dotted names, kwargs and every literal kind", () => {
    const [first, second] = calls(
      '[math.factorial(number=5), spotify.play(artist="Taylor Swift", duration=-2.5e1, shuffle=True, device=None, tags=["a", \'b\'], meta={"k": (1, 2)})]',
    );
    assert.equal(first?.name, "math.factorial");
    assert.deepEqual(first?.arguments.number, { kind: "int", value: 5, text: "5" });
    assert.equal(second?.name, "spotify.play");
    assert.deepEqual(toPlainArguments(second ?? first!), {
      artist: "Taylor Swift",
      duration: -25,
      shuffle: true,
      device: null,
      tags: ["a", "b"],
      meta: { k: [1, 2] },
    });
  });

  it("keeps int and float apart losslessly", () => {
    const [call] = calls("[f(a=3.0, b=3, c=1e3, d=-0, e=0x1F, f=1_000)]");
    const kinds = Object.fromEntries(
      Object.entries(call?.arguments ?? {}).map(([key, value]) => [key, value.kind]),
    );
    assert.deepEqual(kinds, { a: "float", b: "int", c: "float", d: "int", e: "int", f: "int" });
    assert.equal(toPlainValue(call!.arguments.a!), 3);
    assert.equal(toPlainValue(call!.arguments.e!), 31);
    assert.equal(toPlainValue(call!.arguments.f!), 1000);
  });

  it("decodes string escapes, raw strings, triple quotes and implicit concatenation", () => {
    const [call] = calls(
      'f(a=\'it\\\'s\\n\', b=r"C:\\new", c="""two\nlines""", d=\'\\u00e9\\x41\\U0001F600\', e="ab" \'cd\', g=\'日本\')',
    );
    assert.deepEqual(toPlainArguments(call!), {
      a: "it's\n",
      b: "C:\\new",
      c: "two\nlines",
      d: "éA😀",
      e: "abcd",
      g: "日本",
    });
  });

  it("accepts JSON literals, trailing commas, whitespace and newlines", () => {
    const [first, second] = calls("[\n  f(a=true, b=null, c=[1, 2,],),\n  g()\n]");
    assert.deepEqual(toPlainArguments(first!), { a: true, b: null, c: [1, 2] });
    assert.deepEqual(second, { name: "g", arguments: {}, start: first!.end + 4, end: second!.end });
  });

  it("stops after the closing bracket and reports the end offset", () => {
    const text = "[f(a=1)] and then some prose with an apostrophe's";
    const result = parsePythonCalls(text);
    assert.ok(result.ok);
    assert.equal(text.slice(result.end), " and then some prose with an apostrophe's");
  });

  it("reports truncation separately from syntax errors", () => {
    assert.equal(failure('[f(a="Par')?.type, "truncated");
    assert.equal(failure("[f(a=[1, 2")?.type, "truncated");
    assert.equal(failure("[f(a=1)")?.type, "truncated");
    assert.equal(failure("[f(1)]")?.type, "invalid-syntax");
    assert.match(failure("[f(1)]")?.message ?? "", /positional/);
    assert.equal(failure("[f(a=x)]")?.type, "invalid-syntax");
    assert.equal(failure("[f(a=1, a=2)]")?.type, "invalid-syntax");
    assert.equal(failure("[f(a='x\ny')]")?.type, "invalid-syntax");
    assert.equal(failure("[f(a=1j)]")?.type, "invalid-syntax");
    assert.equal(failure("[f(a=007)]")?.type, "invalid-syntax");
  });

  it("refuses absurd nesting without overflowing the stack", () => {
    const error = failure(`[f(a=${"[".repeat(5000)}`);
    assert.equal(error?.type, "invalid-syntax");
    assert.match(error?.message ?? "", /nested deeper than 64 levels/);
  });
});

describe("parsePythonValue", () => {
  it("keeps tuples, dicts with non-string keys and None", () => {
    const result = parsePythonValue("{1: (2,), 'x': ()}");
    assert.ok(result.ok);
    assert.deepEqual(result.value, {
      kind: "dict",
      entries: [
        {
          key: { kind: "int", value: 1, text: "1" },
          value: { kind: "tuple", items: [{ kind: "int", value: 2, text: "2" }] },
        },
        { key: { kind: "string", value: "x" }, value: { kind: "tuple", items: [] } },
      ],
    });
    assert.deepEqual(toPlainValue(result.value), { "1": [2], x: [] });
  });
});
