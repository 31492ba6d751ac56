import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { equivalentValues, matchesReferenceCall } from "./equivalent-arguments.js";

describe("equivalent arguments", () => {
  it("compares strings loosely, local date-times with or without seconds, string lists as sets", () => {
    assert.ok(equivalentValues(" Sam.Patel@Example.com ", "sam.patel@example.com"));
    assert.ok(equivalentValues("2025-06-06T15:00", "2025-06-06T15:00:00"));
    assert.ok(!equivalentValues("2025-06-06T15:00", "2025-06-06T16:00"));
    assert.ok(equivalentValues(["b@x", "a@x"], ["A@x", "b@x"]));
    assert.ok(!equivalentValues(["a@x"], ["a@x", "b@x"]));
    assert.ok(!equivalentValues(1, "1"));
    assert.ok(equivalentValues({ a: 1 }, { a: 1, b: [] }), "extra empty keys are fine");
    assert.ok(!equivalentValues({ a: 1 }, { a: 1, b: "x" }));
  });

  it("matches a reference call: loose free text, no unasked extras, the same tool", () => {
    const reference = {
      name: "email_send",
      arguments: {
        to: ["a@x"],
        subject: "Late",
        body: "I will be ten minutes late to the design review, sorry.",
      },
      loose: ["subject"],
    };
    assert.ok(
      matchesReferenceCall(reference, {
        name: "email_send",
        arguments: { to: ["a@x"], subject: "Hi", body: "b" },
      }),
    );
    assert.ok(
      !matchesReferenceCall(reference, {
        name: "email_send",
        arguments: { to: ["b@x"], subject: "Hi", body: "b" },
      }),
    );
    assert.ok(
      matchesReferenceCall(reference, { name: "email_send", arguments: { to: ["a@x"] } }),
      "loose arguments may be left out (the tool's schema decides what is required)",
    );
    assert.ok(
      !matchesReferenceCall(reference, {
        name: "email_send",
        arguments: { to: ["a@x"], subject: "Hi", body: "b", cc: ["c@x"] },
      }),
      "a cc the reference does not make",
    );
    assert.ok(
      !matchesReferenceCall(reference, {
        name: "email_draft",
        arguments: { to: ["a@x"], subject: "Hi", body: "b" },
      }),
    );
  });

  it("compares date-times as instants in the user's zone, and takes schema defaults as left out", () => {
    const zone = { timeZone: "America/New_York" };
    assert.ok(equivalentValues("2025-06-06T15:00", "2025-06-06T15:00:00-04:00", zone));
    assert.ok(equivalentValues("2025-06-06T15:00", "2025-06-06T19:00:00Z", zone));
    assert.ok(!equivalentValues("2025-06-06T15:00", "2025-06-06T15:00:00-05:00", zone));
    const parameters = {
      type: "object",
      properties: { item_id: { type: "string" }, quantity: { type: "integer", default: 1 } },
    };
    const add = { name: "shop_cart_add", arguments: { item_id: "itm-1" } };
    const call = (quantity: number) => ({ name: "shop_cart_add", arguments: { item_id: "itm-1", quantity } });
    assert.ok(matchesReferenceCall(add, call(1), { parameters }));
    assert.ok(!matchesReferenceCall(add, call(5), { parameters }));
    assert.ok(
      matchesReferenceCall(call(1), add, { parameters }),
      "the default in the reference, left out by the model",
    );
  });
});
