import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { terminalLine, terminalSafe } from "./terminal-safe.js";

describe("terminalSafe", () => {
  it("escapes C0, DEL, C1, ANSI escapes, bidi controls, separators and invisible format characters", () => {
    const text =
      "a\u001b[2K\rIt acts on: b\u0008\u007f\u009b31m\u0085\u202eevil\u2066\u2028\u2029\u200b\ufeff\u{e0041}";
    assert.equal(
      terminalSafe(text),
      "a\\e[2K\\rIt acts on: b\\x08\\x7f\\x9b31m\\x85\\u202eevil\\u2066\\u2028\\u2029\\u200b\\ufeff\\u{e0041}",
    );
  });

  it("keeps ordinary text, tabs, emoji with joiners and other scripts", () => {
    const text = "José\tGarcía 👩‍👩‍👧 नमस्ते می‌خواهم Ｔｈａｎｋｓ";
    assert.equal(terminalSafe(text), text);
  });

  it("shows line feeds as \\n unless multiline, and never keeps a carriage return", () => {
    assert.equal(terminalSafe("one\ntwo\r\n"), "one\\ntwo\\r\\n");
    assert.equal(terminalSafe("one\ntwo\r\n", { multiline: true }), "one\ntwo\\r\n");
  });

  it("escapes a lone surrogate but keeps a pair", () => {
    assert.equal(terminalSafe("x\ud800y😀"), "x\\ud800y😀");
  });

  it("bounds the length, marking how much was cut, never splitting an escape or a pair", () => {
    const long = "x".repeat(5000);
    const shown = terminalSafe(long, { maxLength: 100 });
    assert.ok(shown.length <= 100, String(shown.length));
    assert.match(shown, /^x+… \[\+\d+ chars\]$/);
    const cut = Number(/\+(\d+) chars/.exec(shown)?.[1]);
    assert.equal(shown.indexOf("…") + cut, 5000);
    const escapes = terminalSafe("\u001b".repeat(100), { maxLength: 40 });
    assert.ok(escapes.length <= 40);
    assert.match(escapes, /^(\\e)+… \[\+\d+ chars\]$/);
    const pairs = terminalSafe("😀".repeat(50), { maxLength: 30 });
    assert.doesNotMatch(pairs, /[\ud800-\udbff](?![\udc00-\udfff])/);
    assert.equal(terminalSafe("short", { maxLength: 100 }), "short");
    assert.equal(terminalSafe("x".repeat(100), { maxLength: 100 }), "x".repeat(100));
  });

  it("terminalLine folds white space into one line first", () => {
    assert.equal(terminalLine("a\n\n  b\u2028c\u001b"), "a b c\\e");
  });
});
