import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { callKey, detectRepetition, RepeatedCallDetector } from "./loop-detector.js";

describe("detectRepetition", () => {
  it("fires on a sentence repeated until the token limit, cut mid-word", () => {
    const text = `Sure, here is the answer. ${"I am not able to do that. ".repeat(12)}I am no`;
    const found = detectRepetition(text);
    assert.ok(found);
    assert.equal(found.unit, "I am not able to do that. ");
    assert.equal(found.repeats, 12);
  });

  it("fires on a single word or character repeated many times", () => {
    assert.equal(detectRepetition(`The result is ${"very ".repeat(30)}`)?.unit, "very ");
    const bangs = detectRepetition(`Done${"!".repeat(80)}`);
    assert.equal(bangs?.unit, "!");
    assert.equal(bangs?.repeats, 80);
  });

  it("fires on text without spaces and on a repeated tool-call block", () => {
    assert.ok(detectRepetition("这是一个测试".repeat(15)));
    const call = '<tool_call>{"name": "files_list", "arguments": {}}</tool_call>\n';
    const found = detectRepetition(`Let me look.\n${call.repeat(5)}`);
    assert.equal(found?.unit, call);
    assert.equal(found?.repeats, 5);
  });

  it("does not fire on ordinary prose with common repeated words", () => {
    const prose = [
      "The meeting with the team is on Tuesday at the office, and the review is on the day after.",
      "I have moved the dentist appointment to Thursday at 10:00 and I have emailed Priya about it.",
      "That is that: it is what it is, and the the typo above is mine. Very, very good; no, no, no.",
      "Ha ha ha ha, that is funny. Yes yes yes! Thanks, thanks again.",
    ].join(" ");
    assert.equal(detectRepetition(prose), null);
  });

  it("does not fire on lists, tables and JSON with repeated structure", () => {
    const list =
      "Here is your day:\n- 09:00 Standup\n- 10:00 Standup review\n- 11:00 Standup notes\n- 12:00 Lunch";
    const table = "| a | b | c |\n| --- | --- | --- |\n| 1 | 2 | 3 |\n| 4 | 5 | 6 |";
    const json = `{"name": "settings_set", "arguments": {"values": [${Array(40).fill("0").join(", ")}]}}`;
    for (const text of [list, table, json]) assert.equal(detectRepetition(text), null, text);
  });

  it("needs both enough copies and enough characters", () => {
    assert.equal(detectRepetition("no no no no"), null); // 4 copies but 11 characters
    assert.equal(detectRepetition("Please try again later. ".repeat(3)), null); // 3 copies
    assert.ok(detectRepetition("Please try again later. ".repeat(4)));
    assert.equal(detectRepetition("Please try again later. ".repeat(4), { minRepeats: 5 }), null);
    assert.equal(detectRepetition(""), null);
  });

  it("only looks at the tail", () => {
    const text = `${"loop ".repeat(30)}\nBut then I recovered and wrote a normal ending to the answer.`;
    assert.equal(detectRepetition(text), null);
  });
});

describe("RepeatedCallDetector", () => {
  it("fires on the third identical call, whatever the key order", () => {
    const detector = new RepeatedCallDetector();
    assert.equal(detector.observe({ name: "files_read", arguments: { path: "a", limit: 1 } }), null);
    assert.equal(detector.observe({ name: "files_read", arguments: { path: "b" } }), null);
    assert.equal(detector.observe({ name: "files_read", arguments: { limit: 1, path: "a" } }), null);
    const evidence = detector.observe({ name: "files_read", arguments: { path: "a", limit: 1 } });
    assert.deepEqual(evidence, {
      detector: "repeated-call",
      call: { name: "files_read", arguments: { path: "a", limit: 1 } },
      occurrences: 3,
    });
  });

  it("tells calls apart by name and by argument values", () => {
    assert.notEqual(callKey({ name: "a", arguments: { x: 1 } }), callKey({ name: "b", arguments: { x: 1 } }));
    assert.notEqual(
      callKey({ name: "a", arguments: { x: 1 } }),
      callKey({ name: "a", arguments: { x: "1" } }),
    );
    const detector = new RepeatedCallDetector(2);
    assert.equal(detector.observe({ name: "a", arguments: {} }), null);
    assert.ok(detector.observe({ name: "a", arguments: {} }));
  });
});
