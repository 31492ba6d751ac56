/**
 * Scores rounds of BFCL results two ways and pairs the verdicts per entry: `edgecall score bfcl
 * --json` (the CLI, as a user runs it) and BFCL's official checker from PyPI (bfcl-checker-peer.py,
 * one Python process for every round). Where the official checker raises, edgecall must say
 * `edgecall:official_checker_raises`.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { checkerCrashErrorType } from "../../src/bfcl/checker-crash.js";
import { repositoryRoot, runPeer } from "./python-peers.test-support.js";

/** One entry's two verdicts. */
export interface PairedVerdict {
  round: string;
  id: string;
  result: string;
  edgecall: { valid: boolean; errorType: string | null };
  official: { valid: boolean; errorType: string | null };
}

interface OfficialLine {
  id: string;
  valid?: boolean;
  error_type?: string | null;
  raises?: string;
}

/** Both checkers on every round (`{name, results}`), each result a prompt-mode reply. */
export async function scoreSideBySide(
  python: string,
  bfclDir: string,
  rounds: ReadonlyArray<{ name: string; results: ReadonlyArray<{ id: string; result: string }> }>,
): Promise<PairedVerdict[]> {
  const folder = mkdtempSync(join(tmpdir(), "edgecall-bfcl-peer-"));
  try {
    const files = rounds.map((round, index) => {
      const results = join(folder, `round-${index}.jsonl`);
      writeFileSync(results, `${round.results.map((item) => JSON.stringify(item)).join("\n")}\n`);
      return { results, official: join(folder, `official-${index}.jsonl`) };
    });
    const run = await runPeer(python, "bfcl-checker-peer.py", [
      bfclDir,
      ...files.flatMap((file) => [file.results, file.official]),
    ]);
    if (run.status !== 0) throw new Error(`bfcl-checker-peer.py exited ${run.status}:\n${run.stderr}`);
    const paired: PairedVerdict[] = [];
    for (const [index, round] of rounds.entries()) {
      const file = files[index] as { results: string; official: string };
      const { stdout } = await promisify(execFile)(
        process.execPath,
        [
          "--import",
          "tsx",
          "src/cli/main.ts",
          "score",
          "bfcl",
          "--bfcl-dir",
          bfclDir,
          "--results",
          file.results,
          "--json",
        ],
        { cwd: repositoryRoot, maxBuffer: 64 * 1024 * 1024 },
      );
      const ours = new Map(
        (
          JSON.parse(stdout) as { verdicts: Array<{ id: string; valid: boolean; errorType: string | null }> }
        ).verdicts.map((verdict) => [verdict.id, verdict]),
      );
      const official = readFileSync(file.official, "utf8")
        .split("\n")
        .filter((line) => line !== "")
        .map((line) => JSON.parse(line) as OfficialLine);
      for (const [position, line] of official.entries()) {
        const verdict = ours.get(line.id);
        if (verdict === undefined) throw new Error(`score bfcl gave no verdict for ${line.id}`);
        paired.push({
          round: round.name,
          id: line.id,
          result: round.results[position]?.result ?? "",
          edgecall: { valid: verdict.valid, errorType: verdict.errorType },
          official:
            line.raises !== undefined
              ? { valid: false, errorType: checkerCrashErrorType }
              : { valid: line.valid === true, errorType: line.error_type ?? null },
        });
      }
    }
    return paired;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** The pairs whose verdicts differ (validity or error type), as lines for an assertion message. */
export function disagreements(paired: readonly PairedVerdict[]): string[] {
  return paired
    .filter(
      (pair) =>
        pair.edgecall.valid !== pair.official.valid || pair.edgecall.errorType !== pair.official.errorType,
    )
    .map(
      (pair) =>
        `${pair.round} ${pair.id}: edgecall ${pair.edgecall.valid} ${pair.edgecall.errorType}, official ${pair.official.valid} ${pair.official.errorType}; reply ${JSON.stringify(pair.result).slice(0, 200)}`,
    );
}
