import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { canonicalJson, frozenCopy } from "../canonical-json.js";
import { closeNames } from "./close-names.js";
import { ConfirmationLedger } from "./confirmation-ledger.js";
import { capBytes, capOutput, capText, decodeUtf8 } from "./output-cap.js";

describe("canonicalJson", () => {
  it("sorts keys at every depth and drops undefined members", () => {
    assert.equal(
      canonicalJson({ b: 1, a: { d: [1, { z: 2, y: undefined }], c: "x" } }),
      '{"a":{"c":"x","d":[1,{"z":2}]},"b":1}',
    );
  });
  it("gives equal text for equal values written in different orders", () => {
    assert.equal(canonicalJson({ to: ["a"], body: "x" }), canonicalJson({ body: "x", to: ["a"] }));
  });
  it("frozenCopy cannot be changed", () => {
    const copy = frozenCopy({ to: ["a@example.com"] });
    assert.throws(() => {
      (copy.to as string[]).push("evil@example.com");
    });
  });
});

describe("closeNames", () => {
  const names = ["email_send", "email_send_draft", "email_search", "files_read", "calendar_create_event"];
  it("suggests swapped words and small typos", () => {
    assert.equal(closeNames("send_email", names)[0], "email_send");
    assert.equal(closeNames("emial_send", names)[0], "email_send");
    assert.equal(closeNames("files_raed", names)[0], "files_read");
  });
  it("suggests nothing for an unrelated name", () => {
    assert.deepEqual(closeNames("launch_rocket", names), []);
  });
});

describe("ConfirmationLedger", () => {
  const details = {
    sideEffect: "external" as const,
    reasons: ["external" as const],
    taintedArguments: [],
    taintSources: [],
  };
  it("redeems an approved token once, for the exact call", () => {
    const ledger = new ConfirmationLedger();
    const request = ledger.issue("email_send", { to: ["bob@example.com"], body: "hi" }, details);
    ledger.approve(request.token);
    assert.equal(ledger.redeem(request.token, "email_send", { body: "hi", to: ["bob@example.com"] }), true);
    assert.equal(
      ledger.redeem(request.token, "email_send", { body: "hi", to: ["bob@example.com"] }),
      false,
      "replay refused",
    );
  });
  it("refuses different arguments or another tool, and spends the token", () => {
    const ledger = new ConfirmationLedger();
    const request = ledger.issue("email_send", { to: ["bob@example.com"], body: "hi" }, details);
    ledger.approve(request.token);
    assert.equal(ledger.redeem(request.token, "email_send", { to: ["eve@evil.example"], body: "hi" }), false);
    assert.equal(
      ledger.redeem(request.token, "email_send", { to: ["bob@example.com"], body: "hi" }),
      false,
      "spent",
    );
    const other = ledger.issue("email_send", { to: ["bob@example.com"] }, details);
    ledger.approve(other.token);
    assert.equal(ledger.redeem(other.token, "email_forward", { to: ["bob@example.com"] }), false);
  });
  it("refuses unapproved and unknown tokens", () => {
    const ledger = new ConfirmationLedger();
    const request = ledger.issue("shop_checkout", {}, details);
    assert.equal(ledger.redeem(request.token, "shop_checkout", {}), false);
    ledger.approve("not-a-token");
    assert.equal(ledger.redeem("not-a-token", "shop_checkout", {}), false);
  });
  it("issues distinct tokens and a summary naming the call", () => {
    const ledger = new ConfirmationLedger();
    const first = ledger.issue("email_send", { to: ["b"] }, details);
    const second = ledger.issue("email_send", { to: ["b"] }, details);
    assert.notEqual(first.token, second.token);
    assert.match(first.summary, /email_send \{"to":\["b"\]\}/);
    assert.match(first.summary, /reaches someone outside/);
  });
});

describe("output caps", () => {
  it("cuts on a character boundary and counts the omitted bytes", () => {
    const text = "é".repeat(10); // 20 bytes
    const capped = capText(text, 5);
    assert.equal(capped, "éé\n[truncated 16 bytes]");
  });
  it("leaves short text alone", () => {
    assert.equal(capText("short", 100), "short");
  });
  it("decodes invalid UTF-8 without throwing", () => {
    const bytes = Uint8Array.from([0x68, 0x69, 0xff, 0xfe, 0xc3]);
    assert.equal(decodeUtf8(bytes), "hi\uFFFD\uFFFD\uFFFD");
    assert.equal(capBytes(bytes, 3, 10), "hi\uFFFD\n[truncated 12 bytes]");
  });
  it("caps a large output to a string with the marker", () => {
    const output = { text: "x".repeat(5000) };
    const capped = capOutput(output, 1000);
    assert.equal(typeof capped, "string");
    assert.match(capped as string, /\[truncated \d+ bytes\]$/);
    assert.deepEqual(capOutput({ small: 1 }, 1000), { small: 1 });
  });
});
