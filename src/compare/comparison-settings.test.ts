/**
 * A comparison's settings: suite options kept as one bag by flag name, older comparison.json
 * settings (`bfclDir`, `bfclMode`) read into it, and a resume refusing a changed value by name.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { isEdgecallError } from "../errors.js";
import {
  assertSameComparisonSettings,
  givenComparisonSettings,
  upgradeLegacySettings,
} from "./comparison-settings.js";

describe("comparison settings", () => {
  it("records the settings given, suite options those not undefined", () => {
    assert.deepEqual(
      givenComparisonSettings({ limit: 12, suiteOptions: { "bfcl-dir": "/d", "bfcl-mode": undefined } }),
      { limit: 12, suiteOptions: { "bfcl-dir": "/d" } },
    );
    assert.deepEqual(givenComparisonSettings({ suiteOptions: { "bfcl-mode": undefined } }), {});
  });

  it("reads an older comparison's bfclDir and bfclMode as suite options", () => {
    assert.deepEqual(upgradeLegacySettings({ bfclDir: "/d", bfclMode: "prompt", limit: 12 }), {
      limit: 12,
      suiteOptions: { "bfcl-dir": "/d", "bfcl-mode": "prompt" },
    });
    const current = { limit: 12, suiteOptions: { "bfcl-dir": "/d" } };
    assert.equal(upgradeLegacySettings(current), current);
  });

  it("refuses a value given now that differs from the original, naming it", () => {
    const original = { limit: 12, suiteOptions: { "bfcl-dir": "/d", "bfcl-mode": "fc" } };
    assert.doesNotThrow(() =>
      assertSameComparisonSettings("cmp", original, { suiteOptions: { "bfcl-mode": "fc" } }),
    );
    assert.throws(
      () =>
        assertSameComparisonSettings("cmp", original, { limit: 3, suiteOptions: { "bfcl-mode": "prompt" } }),
      (error) =>
        isEdgecallError(error, "usage") &&
        error.message.includes('(limit: was 12, now 3; --bfcl-mode: was "fc", now "prompt")'),
    );
  });
});
