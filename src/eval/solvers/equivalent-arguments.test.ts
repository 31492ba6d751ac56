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
      !matchesReferenceCall(reference, { name: "email_send", arguments: { to: ["a@x"], subject: "Hi" } }),
      "body must be there",
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
});
