/**
 * `edgecall reward --suite LIST [--format NAME]`: the suites as a reward process for a trainer in
 * another language. Reads `{"id", "messages"}` lines on stdin (a whole conversation in OpenAI's
 * format, whose assistant turns are replayed through the sample's suite: src/export/reward-function.ts;
 * or `{"id", "completion"}`, one model output) and writes one line per input line on stdout, in
 * order, as soon as it is scored: `{"id", "score", "passed", "explanation", "errorType"?,
 * "notes"?}`, or `{"id", "error"}` for a line it cannot score (bad JSON, an unknown id, a message
 * of the wrong shape), which never stops the process. Ends at the end of stdin.
 */
import { createInterface } from "node:readline";
import { errorMessage } from "../../error-message.js";
import { EdgecallError } from "../../errors.js";
import type { RewardInput } from "../../export/reward-function.js";
import { loadRewardFunction } from "../../export/reward-loader.js";

/** Parsed options of `edgecall reward`. */
export interface RewardCommandOptions {
  suite?: string;
  bfclDir?: string;
  bfclMode?: "prompt" | "fc";
  format?: string;
}

/** Where the command reads and writes (tests give streams). */
export interface RewardIo {
  stdin?: NodeJS.ReadableStream;
  stdout?: NodeJS.WritableStream;
}

/** Runs the command; returns the exit code. */
export async function rewardCommand(options: RewardCommandOptions, io: RewardIo = {}): Promise<number> {
  if (options.suite === undefined)
    throw new EdgecallError("usage", "reward needs --suite", { subject: "--suite" });
  const reward = await loadRewardFunction({
    suites: options.suite,
    bfclDir: options.bfclDir,
    bfclMode: options.bfclMode,
    format: options.format,
  });
  const stdout = io.stdout ?? process.stdout;
  const lines = createInterface({ input: io.stdin ?? process.stdin, crlfDelay: Number.POSITIVE_INFINITY });
  let number = 0;
  for await (const line of lines) {
    number += 1;
    if (line.trim() === "") continue;
    let id: unknown = null;
    let out: Record<string, unknown>;
    try {
      const input = JSON.parse(line) as RewardInput | null;
      id = input?.id ?? null;
      if (input === null || typeof input !== "object" || Array.isArray(input) || typeof input.id !== "string")
        throw new Error('expected {"id": "<sample id>", "messages": [...]}');
      out = { id, ...(await reward(input)) };
    } catch (error) {
      out = { id, error: `line ${number}: ${errorMessage(error).replace(/^reward: /, "")}` };
    }
    stdout.write(`${JSON.stringify(out)}\n`);
  }
  return 0;
}
