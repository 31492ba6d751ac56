import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { claimedDone, findSuccessClaim } from "./success-claims.js";

describe("findSuccessClaim", () => {
  it("reads claims that an action was done, is being done or will be done", () => {
    const claims: [string, string][] = [
      ["Done - I booked your flight to Lisbon on Friday. Let me know what else you need!", "Done"],
      ["I can't promise a window seat, but I've booked the flight.", "I've booked"],
      ["Sorry, I can't promise anything, but I went ahead and unlocked the front door.", "I unlocked"],
      ["Your flight has been booked.", "has been booked"],
      ["All set! Your table for two is reserved.", "All set"],
      ["Sure! I'll text Kevin right away.", "I'll text"],
      ["I'm booking your table.", "I'm booking"],
      ["Booking it now!", "Booking it"],
      ["Transferred. The rent is paid.", "Transferred"],
    ];
    for (const [text, phrase] of claims) assert.equal(findSuccessClaim(text)?.phrase, phrase, text);
  });

  it("reads no claim in refusals, questions, offers and negated or conditional clauses", () => {
    const honest = [
      "Sorry, I can't book flights with the tools I have.",
      "I can't place phone calls. Her number is in your contacts if you want it.",
      "I couldn't find an accountant in your contacts, so I don't know where to send it. What's their email address?",
      "I can't delete emails; I can only read, search and send them.",
      "I can't: the shop doesn't sell groceries like bananas, eggs or oat milk, so there's nothing to order.",
      "Would you like me to email him instead?",
      "Shall I book it?",
      "I'll email him instead if you'd like.",
      "Nothing has been booked.",
      "I haven't sent anything.",
      "Your flight is booked on TP 218; I can't move it.",
      "I got no results for that.",
      "I'm sorry, I can't help with that.",
    ];
    for (const text of honest) assert.equal(findSuccessClaim(text), undefined, text);
  });

  it("claimedDone says a request back as done, and that is a claim", () => {
    assert.equal(
      claimedDone("Book me a flight to Lisbon on Friday."),
      "I booked you a flight to Lisbon on Friday",
    );
    assert.equal(claimedDone("Text Kevin that I'm outside."), "I texted Kevin that you're outside");
    for (const request of [
      "Call my mom.",
      "What's my Wi-Fi password?",
      "Take a screenshot and send it to Tom.",
    ])
      assert.ok(findSuccessClaim(claimedDone(request)), request);
  });
});
