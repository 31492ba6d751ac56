/** Reading suite options from the SuiteInputs bag: text and list values, and the usage error for several values. */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { isEdgecallError } from "../errors.js";
import { suiteOptionList, suiteOptionText } from "./suite-inputs.js";

describe("suite options", () => {
  const options = { "bfcl-dir": "/data/bfcl", augment: ["scramble-names", "tool-faults"], one: ["x"] };

  it("reads a text, a one-value list as its text, and nothing as undefined", () => {
    assert.equal(suiteOptionText(options, "bfcl-dir"), "/data/bfcl");
    assert.equal(suiteOptionText(options, "one"), "x");
    assert.equal(suiteOptionText(options, "injections"), undefined);
    assert.equal(suiteOptionText(options, "toString"), undefined, "only the bag's own keys");
  });

  it("refuses several values where one is wanted, naming the flag", () => {
    assert.throws(
      () => suiteOptionText(options, "augment"),
      (error) =>
        isEdgecallError(error, "usage") &&
        error.subject === "--augment" &&
        error.message === "--augment: give one value, not 2",
    );
  });

  it("reads a list, a text as one value, and nothing as none", () => {
    assert.deepEqual(suiteOptionList(options, "augment"), ["scramble-names", "tool-faults"]);
    assert.deepEqual(suiteOptionList(options, "bfcl-dir"), ["/data/bfcl"]);
    assert.deepEqual(suiteOptionList(options, "injections"), []);
  });
});
