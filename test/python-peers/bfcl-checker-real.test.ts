/**
 * Real-model replies scored three ways: SmolLM2 135M (the real file, issue 37) answers a few BFCL
 * entries through `edgecall eval` (prompt mode, greedy, 64 tokens, one entry of each of four
 * categories: about 15 s on an idle 2-core machine, a minute on a busy one), and each raw reply's verdict from the eval itself, from `edgecall score bfcl` and from BFCL's
 * official checker (PyPI bfcl-eval) must agree, error types included. Skipped with a line without
 * the peers' Python, the BFCL data or the real files (which under CI=true, once promised, must be
 * there: real-models.test-support.ts). SmolLM2 is not trained for tool calls and mostly answers in
 * prose (`--constrained`, even with `--tool-choice required`, leaves prompt-mode replies free), so
 * this exercises the decoder and (ir)relevance paths on real text; bfcl-checker.test.ts covers the
 * AST checks with scripted replies.
 */
import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { sharedBfclDir } from "../../src/bfcl/ground-truth-results.test-support.js";
import { runCliFromSource } from "../eval-cli.test-support.js";
import { realModelsOrSkip } from "../real-weights/real-models.test-support.js";
import { disagreements, scoreSideBySide } from "./bfcl-side-by-side.test-support.js";
import { pythonPeersOrSkip } from "./python-peers.test-support.js";

const peers = pythonPeersOrSkip();
const bfclDir = sharedBfclDir();
const real = peers.skip || bfclDir === undefined ? undefined : realModelsOrSkip();
const skip =
  peers.skip ||
  (bfclDir === undefined && "BFCL checker comparison skipped: no ../shared/data/bfcl-v4") ||
  (real?.skip ?? false);

/** One sample of an eval run: its id, verdict and the model's raw reply. */
interface Sample {
  id: string;
  passed: boolean;
  errorType: string | null;
  rawText: string;
}

describe("SmolLM2's BFCL replies: eval, score bfcl and BFCL's official checker agree", { skip }, () => {
  const scratch = mkdtempSync(join(tmpdir(), "edgecall-bfcl-real-"));
  after(() => rmSync(scratch, { recursive: true, force: true }));

  async function evalRound(name: string, extra: string[]): Promise<Sample[]> {
    const out = join(scratch, name);
    const outcome = await runCliFromSource(
      [
        ...["eval", "--model", real?.smollm2 as string, "--gpu", "off", "--threads", "2"],
        ...["--suite", "bfcl:simple_python,bfcl:multiple,bfcl:parallel,bfcl:irrelevance", "--limit", "1"],
        ...[
          "--bfcl-dir",
          bfclDir as string,
          "--bfcl-mode",
          "prompt",
          "--temperature",
          "0",
          "--max-tokens",
          "64",
        ],
        ...["--no-cache", "--prefix-cache-mib", "0", "--no-progress", "--out", out, ...extra],
      ],
      {},
      600_000,
    );
    assert.equal(outcome.code, 0, outcome.stderr);
    const [run] = readdirSync(out);
    return readFileSync(join(out, run as string, "results.jsonl"), "utf8")
      .split("\n")
      .filter((line) => line !== "")
      .map((line) => JSON.parse(line) as Sample);
  }

  it("the same verdict and error type from all three", async () => {
    const rounds = [{ name: "smollm2", samples: await evalRound("free", []) }];
    const paired = await scoreSideBySide(
      peers.python,
      bfclDir as string,
      rounds.map((round) => ({
        name: round.name,
        results: round.samples.map((sample) => ({ id: sample.id, result: sample.rawText })),
      })),
    );
    assert.equal(paired.length, 4);
    assert.deepEqual(disagreements(paired), []);
    for (const pair of paired) {
      const sample = rounds.find((round) => round.name === pair.round)?.samples.find((s) => s.id === pair.id);
      assert.deepEqual(
        { valid: sample?.passed, errorType: sample?.errorType ?? null },
        pair.official,
        `${pair.round} ${pair.id}: eval's own verdict`,
      );
    }
  });
});
