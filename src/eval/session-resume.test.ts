/**
 * A resume refuses suites that resolved their options differently from the original run (BFCL's
 * mode, say, when it followed the model's format); runs written before suites recorded what they
 * resolved resume as before.
 */
import assert from "node:assert/strict";
import { copyFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { isEdgecallError } from "../errors.js";
import { type RunRecord, readRunRecord, type SuiteRecord } from "./run-directory.js";
import { assertResumable } from "./session-resume.js";

const fixture = new URL("./fixtures/run-before-suite-options.json", import.meta.url);

function originalRun(): RunRecord {
  const directory = mkdtempSync(join(tmpdir(), "edgecall-session-resume-"));
  copyFileSync(fixture, join(directory, "run.json"));
  return readRunRecord(directory);
}

/** The original's suites, BFCL's with `settings`. */
function suitesWith(original: RunRecord, settings: Record<string, unknown> | undefined): SuiteRecord[] {
  return original.suites.map((suite) =>
    suite.name.startsWith("bfcl:") && settings !== undefined ? { ...suite, settings } : suite,
  );
}

describe("resume: what the suites resolved", () => {
  it("refuses a suite that resolved its options differently", () => {
    const before = originalRun();
    const original = { ...before, suites: suitesWith(before, { mode: "fc" }) };
    const now = { settings: original.settings, model: original.model, extraTools: undefined };
    assert.doesNotThrow(() =>
      assertResumable("run", original, { ...now, suites: suitesWith(original, { mode: "fc" }) }),
    );
    assert.throws(
      () => assertResumable("run", original, { ...now, suites: suitesWith(original, { mode: "prompt" }) }),
      (error) =>
        isEdgecallError(error, "usage") &&
        error.message ===
          '--resume run: suite bfcl:simple_python resolved its options differently (was {"mode":"fc"}, now {"mode":"prompt"}); start a new run instead',
    );
  });

  it("resumes a run whose suites recorded nothing", () => {
    const original = originalRun();
    const now = { settings: original.settings, model: original.model, extraTools: undefined };
    assert.doesNotThrow(() =>
      assertResumable("run", original, { ...now, suites: suitesWith(original, { mode: "prompt" }) }),
    );
  });
});
