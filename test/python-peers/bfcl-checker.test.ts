/**
 * `edgecall score bfcl` side by side with BFCL's official checker (PyPI bfcl-eval, pinned in
 * requirements-no-deps.txt) on scripted prompt-mode replies to the first entries of every
 * single-turn category: reference answers, near misses and the ways models write calls
 * (bfcl-scripted-outputs.test-support.ts). Every entry's verdict, and its error type, must agree.
 * Skipped with a line without the peers' Python or the BFCL data (../shared/data/bfcl-v4).
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { BfclDataset } from "../../src/bfcl/dataset.js";
import { sharedBfclDir } from "../../src/bfcl/ground-truth-results.test-support.js";
import { scriptedRounds } from "./bfcl-scripted-outputs.test-support.js";
import { disagreements, scoreSideBySide } from "./bfcl-side-by-side.test-support.js";
import { pythonPeersOrSkip } from "./python-peers.test-support.js";

const peers = pythonPeersOrSkip();
const bfclDir = sharedBfclDir();
const skip =
  peers.skip || (bfclDir === undefined && "BFCL checker comparison skipped: no ../shared/data/bfcl-v4");

describe("score bfcl and BFCL's official checker (bfcl-eval) agree", { skip }, () => {
  it("on reference answers, near misses and text variants of every single-turn category", async () => {
    const rounds = scriptedRounds(new BfclDataset(bfclDir as string));
    const paired = await scoreSideBySide(peers.python, bfclDir as string, rounds);
    assert.equal(
      paired.length,
      rounds.reduce((sum, round) => sum + round.results.length, 0),
    );
    assert.deepEqual(disagreements(paired), []);
    const count = (round: string, valid: boolean, only = (_id: string) => true) =>
      paired.filter((pair) => pair.round === round && pair.official.valid === valid && only(pair.id)).length;
    // The rounds test what they say: references pass, near misses fail, variants go both ways.
    // (Java and JavaScript references are the conformance generator's source text, whose spelling
    // of a HashMap argument, in simple_java_1, neither checker accepts.)
    const notJavaLike = (id: string) => !/^simple_java/.test(id);
    assert.equal(count("reference", false, notJavaLike), 0, "every Python reference answer passes");
    assert.equal(count("near-miss", true), 0, "every near miss fails");
    assert.ok(count("text-variants", true) > 0 && count("text-variants", false) > 0, "variants both ways");
  });
});
