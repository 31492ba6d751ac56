/** Reading suite options from the SuiteInputs bag: text and list values, and the usage error for several values. */
import assert from "node:assert/strict";
import { resolve } from "node:path";
import { describe, it } from "node:test";
import { isEdgecallError } from "../errors.js";
import {
  recordedSuiteOptions,
  resolveSuiteOptions,
  suiteOptionList,
  suiteOptionText,
  withAbsolutePaths,
} from "./suite-inputs.js";

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

  it("records the options given (undefined: not given), the original's filling those not given now", () => {
    assert.deepEqual(recordedSuiteOptions({ "bfcl-dir": "/d", injections: undefined, augment: ["a"] }), {
      "bfcl-dir": "/d",
      augment: ["a"],
    });
    const original = { "bfcl-mode": "prompt", "bfcl-dir": "/d" };
    const resumed = resolveSuiteOptions({ "bfcl-mode": "fc", augment: ["tool-faults"] }, original);
    assert.deepEqual(resumed, { augment: ["tool-faults"], "bfcl-dir": "/d", "bfcl-mode": "fc" });
    assert.deepEqual(Object.keys(resumed), ["augment", "bfcl-dir", "bfcl-mode"], "sorted by name");
    assert.deepEqual(resolveSuiteOptions(undefined, undefined), {});
  });

  it("makes the values of path options absolute, and only theirs", () => {
    const absolute = withAbsolutePaths({ "bfcl-dir": "data/bfcl", "bfcl-mode": "fc", files: ["a", "/b"] }, [
      "bfcl-dir",
      "files",
      "injections",
    ]);
    assert.deepEqual(absolute, {
      "bfcl-dir": resolve("data/bfcl"),
      "bfcl-mode": "fc",
      files: [resolve("a"), "/b"],
    });
    assert.deepEqual(withAbsolutePaths({ "bfcl-dir": "data" }, undefined), { "bfcl-dir": "data" });
  });
});
