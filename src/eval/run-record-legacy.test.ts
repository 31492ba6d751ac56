/**
 * Run records written before suite options were generic (`bfclDir` beside the settings;
 * `settings.bfclMode`, `injections`, `augment`): read into `settings.suiteOptions` by flag name, so
 * such runs resume, merge and report; a resume compares them option by option.
 */
import assert from "node:assert/strict";
import { copyFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { assertSameSettings, resolveSettings } from "./eval-settings.js";
import { type RunRecord, readRunRecord, upgradeLegacyRecord } from "./run-directory.js";

const fixture = new URL("./fixtures/run-before-suite-options.json", import.meta.url);

/** A run directory holding the fixture as its run.json. */
function legacyRunDirectory(): string {
  const directory = mkdtempSync(join(tmpdir(), "edgecall-legacy-run-"));
  copyFileSync(fixture, join(directory, "run.json"));
  return directory;
}

describe("legacy run records", () => {
  it("reads the old suite option fields as suite options by flag name", () => {
    const record = readRunRecord(legacyRunDirectory());
    assert.deepEqual(record.settings.suiteOptions, {
      "bfcl-dir": "/data/bfcl-v4",
      "bfcl-mode": "prompt",
      injections: "/data/payloads.jsonl",
      augment: ["tool-faults"],
    });
    for (const old of ["bfclMode", "injections", "augment"]) assert.equal(old in record.settings, false, old);
    assert.equal("bfclDir" in record, false);
    assert.equal(record.settings.limit, 6, "the other settings are kept");
    assert.equal(record.settings.format, "pythonic");
    assert.equal(record.sessions.length, 1);
  });

  it("leaves nulls and empty lists out: they meant not given", () => {
    const record = readRunRecord(legacyRunDirectory());
    const settings = { ...record.settings, bfclMode: "fc", injections: null, augment: [] } as Record<
      string,
      unknown
    >;
    delete settings.suiteOptions;
    const older = { ...record, settings, bfclDir: null } as unknown as RunRecord;
    assert.deepEqual(upgradeLegacyRecord(older).settings.suiteOptions, { "bfcl-mode": "fc" });
  });

  it("returns a record that has suite options as it is", () => {
    const record = readRunRecord(legacyRunDirectory());
    assert.equal(upgradeLegacyRecord(record), record);
  });

  it("resumes with the original options, and refuses a changed one naming its flag", () => {
    const original = readRunRecord(legacyRunDirectory()).settings;
    assert.doesNotThrow(() => assertSameSettings("run", original, resolveSettings({}, original)));
    assert.doesNotThrow(() =>
      assertSameSettings(
        "run",
        original,
        resolveSettings({ suiteOptions: { "bfcl-dir": "/data/bfcl-v4", "bfcl-mode": "prompt" } }, original),
      ),
    );
    assert.throws(
      () =>
        assertSameSettings(
          "run",
          original,
          resolveSettings({ suiteOptions: { "bfcl-mode": "fc" } }, original),
        ),
      /the settings differ from the original run \(--bfcl-mode: was "prompt", now "fc"\)/,
    );
  });
});
