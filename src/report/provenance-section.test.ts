/**
 * The provenance facts' BFCL mode: what the BFCL suites resolved (run.json's suite entries), else
 * `--bfcl-mode` as an older run recorded it; absent when no BFCL suite ran.
 */
import assert from "node:assert/strict";
import { copyFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import type { RunRecord } from "../eval/run-directory.js";
import { provenanceFacts } from "./provenance-section.js";
import { type RunData, readRunData } from "./run-data.js";

const legacyFixture = new URL("../eval/fixtures/run-before-suite-options.json", import.meta.url);

/** The legacy fixture's run, read as `report RUN_DIR` reads it. */
function legacyRun(): RunData {
  const directory = mkdtempSync(join(tmpdir(), "edgecall-provenance-"));
  copyFileSync(legacyFixture, join(directory, "run.json"));
  return readRunData(directory);
}

/** The legacy run with its record changed. */
function withRecord(change: (record: RunRecord) => RunRecord): RunData {
  const run = legacyRun();
  const data = run.eval!;
  return { ...run, eval: { ...data, record: change(data.record) } };
}

const bfclModeFact = (mode: string) => `<dt>BFCL mode</dt><dd>${mode}</dd>`;

describe("provenance: BFCL mode", () => {
  it("shows the mode an older run recorded as a setting", () => {
    assert.ok(provenanceFacts(legacyRun()).includes(bfclModeFact("prompt")));
  });

  it("shows what the BFCL suites resolved, from their entries in the record", () => {
    const run = withRecord((record) => ({
      ...record,
      settings: { ...record.settings, suiteOptions: {} },
      suites: record.suites.map((suite) =>
        suite.name.startsWith("bfcl:") ? { ...suite, settings: { mode: "fc" } } : suite,
      ),
    }));
    assert.ok(provenanceFacts(run).includes(bfclModeFact("fc")));
  });

  it("shows none when no BFCL suite ran", () => {
    const run = withRecord((record) => ({
      ...record,
      suites: record.suites.filter((suite) => !suite.name.startsWith("bfcl:")),
    }));
    assert.ok(!provenanceFacts(run).includes("BFCL mode"));
  });
});
