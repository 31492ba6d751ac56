/**
 * Replay scripts over the assistant suite for the quantisation and probe tests: a right answer
 * (the first possible answer of each sample, as a JSON call) or a wrong one (prose, no call), per
 * sample id, so each test decides exactly which samples pass.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** A sample of data/suites/assistant/single.jsonl: its id, category and right output. */
export interface AssistantAnswer {
  id: string;
  category: string;
  /** The first possible answer as JSON calls (what the `json` format parses). */
  right: string;
}

/** A reply that fails every non-irrelevance sample: no call. */
export const wrongOutput = "Sorry, I can't help with that right now.";

const singleFile = join(
  fileURLToPath(new URL("../..", import.meta.url)),
  "data/suites/assistant/single.jsonl",
);

/** The first `count` samples of assistant:single (its plan order) with right outputs. */
export function assistantAnswers(count: number): AssistantAnswer[] {
  return readFileSync(singleFile, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .slice(0, count)
    .map((line) => {
      const sample = JSON.parse(line) as {
        id: string;
        category: string;
        ground_truth: Record<string, Record<string, unknown[]>>[];
      };
      const calls = sample.ground_truth.map((call) => {
        const [name, parameters] = Object.entries(call)[0] as [string, Record<string, unknown[]>];
        const args: Record<string, unknown> = {};
        for (const [key, accepted] of Object.entries(parameters))
          if (accepted[0] !== "") args[key] = accepted[0];
        return { name, arguments: args };
      });
      return { id: sample.id, category: sample.category, right: JSON.stringify(calls) };
    });
}

/** Writes a replay script: for each `[id, output]`, one line. */
export function writeReplay(path: string, lines: readonly (readonly [string, string])[]): void {
  writeFileSync(path, `${lines.map(([id, output]) => JSON.stringify({ id, output })).join("\n")}\n`);
}
