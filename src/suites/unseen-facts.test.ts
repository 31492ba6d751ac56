import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { findUnseenFacts, SeenText } from "./unseen-facts.js";

const seen = new SeenText([
  "It is Monday, June 2, 2025, 08:30 in America/New_York. Alex's address: alex.morgan@example.com.",
  "Book a table for two at Osteria Lupa on Friday at 7:30.",
  '{"phone":"+1 (617) 555-9948","description":"Confirmation code K7QX2P. Seat 23A."}',
]);
const facts = (reply: string): string[] =>
  findUnseenFacts(reply, seen).map((fact) => `${fact.kind}:${fact.text}`);

describe("findUnseenFacts", () => {
  it("finds amounts, measures, long numbers, codes, addresses and secrets never shown", () => {
    assert.deepEqual(facts("Your checking account balance is $2,417.36."), ["amount:$2,417.36"]);
    assert.deepEqual(facts("Your heart rate is 72 bpm."), ["measure:72"]);
    assert.deepEqual(facts("100 US dollars is about 92 euros."), ["number:100", "amount:92"]);
    assert.deepEqual(facts("Your flight departs at 09:40."), ["number:09:40"]);
    assert.deepEqual(facts("The confirmation is QX7-4821."), ["code:QX7-4821"]);
    assert.deepEqual(facts("Your Wi-Fi password is hunter."), ["secret:hunter"]);
    assert.deepEqual(facts("Write to bob@nowhere.org."), ["address:bob@nowhere.org"]);
  });

  it("lets through facts it was shown, however written, and small bare numbers", () => {
    for (const reply of [
      "You could call them on +1 617 555 9948.",
      "Call 617-555-9948.",
      "Your booking is K7QX2P, seat 23A.",
      "A table for 2 on Friday at 7:30, June 6.",
      "It's 8:30 now, on June 2, 2025; mail alex.morgan@example.com.",
      "I can't see Wi-Fi passwords.",
    ])
      assert.deepEqual(facts(reply), [], reply);
  });
});
