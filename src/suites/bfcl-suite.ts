/**
 * The BFCL v4 single-turn suites, one per category (`bfcl:simple_python`, ...), read from the BFCL
 * data folder. Function-calling mode (`--bfcl-mode fc`) offers the entry's functions as tools,
 * converted the way BFCL converts them for function-calling models ("." → "_" in names); prompt
 * mode documents them in BFCL-style system prompt and expects `[func(a=1)]` text. `suite check`'s
 * reference and counterfeits (src/suites/bfcl-counterfeits.ts) are function-calling mode's.
 */

import { withBfclSystemPrompt } from "../bfcl/bfcl-prompt.js";
import { type BfclCategory, bfclScoring, bfclSuiteName } from "../bfcl/categories.js";
import { BfclDataset } from "../bfcl/dataset.js";
import { bfclToolDefinitions } from "../bfcl/tool-schema.js";
import { unpassableEntries } from "../bfcl/unpassable-entries.js";
import type { Sample, Suite } from "../eval/suite.js";
import { bfclCounterfeits } from "./bfcl-counterfeits.js";
import { bfclFigures } from "./bfcl-figures.js";
import type { BfclSuiteOptions } from "./bfcl-options.js";
import { bfclSuiteVersion, readBfclQuestions } from "./bfcl-questions.js";
import { type BfclTarget, bfclScorer, pyToPlain } from "./bfcl-scorer.js";
import { referenceFromEntry } from "./reference-calls.js";

/** Name of the call syntax prompt mode asks for; parse failures are counted under it. */
export const bfclPromptFormat = "bfcl-prompt";

/** Datasets by folder, shared by the suites of one process (entries are parsed once). */
const datasets = new Map<string, BfclDataset>();

function datasetFor(directory: string): BfclDataset {
  let dataset = datasets.get(directory);
  if (dataset === undefined) {
    dataset = new BfclDataset(directory);
    datasets.set(directory, dataset);
  }
  return dataset;
}

/** Maps a published function name to the name the sample offers it under. */
function offeredName(sample: Sample<BfclTarget>): (published: string) => string {
  const published = sample.target.functionNames;
  return (name) => sample.tools[published.indexOf(name)]?.name ?? name;
}

/** The suite of one BFCL category over the data folder `bfclDir`, in `mode` (default `fc`). */
export function createBfclSuite(category: BfclCategory, options: BfclSuiteOptions): Suite<BfclTarget> {
  const { bfclDir: directory, mode = "fc" } = options;
  const dataset = datasetFor(directory);
  const name = bfclSuiteName(category);
  return {
    name,
    version: bfclSuiteVersion(directory, category),
    categories: [category],
    scorer: bfclScorer(dataset),
    figures: [bfclFigures],
    settings: { mode },
    referenceOf(sample) {
      const entry = dataset.entry(category, sample.id);
      if (entry === undefined || sample.target.mode !== "fc" || Object.hasOwn(unpassableEntries, sample.id))
        return undefined;
      return referenceFromEntry(entry, category, offeredName(sample));
    },
    counterfeitsOf(sample) {
      const entry = dataset.entry(category, sample.id);
      if (entry === undefined || sample.target.mode !== "fc" || Object.hasOwn(unpassableEntries, sample.id))
        return [];
      return bfclCounterfeits(entry, category, offeredName(sample));
    },
    samples(): Sample<BfclTarget>[] {
      return readBfclQuestions(directory, category).map((question) => {
        const entry = dataset.entry(category, question.id);
        const rawFunctions = entry?.rawFunctions ?? [];
        const functionNames = rawFunctions.map((doc) => String((doc as { name?: unknown }).name));
        const target: BfclTarget = { category, mode, functionNames };
        const expected =
          entry?.groundTruth === undefined
            ? bfclScoring(category) === "irrelevance"
              ? "no call"
              : "some call"
            : entry.groundTruth.map((answer) => pyToPlain(answer));
        const base = { id: question.id, suite: name, category, target, metadata: {}, expected };
        if (mode === "fc") {
          return {
            ...base,
            messages: question.messages,
            tools: bfclToolDefinitions(rawFunctions, { category }),
          };
        }
        const documented = bfclToolDefinitions(rawFunctions, { category, fcNames: false });
        return {
          ...base,
          messages: withBfclSystemPrompt(question.messages, documented),
          tools: [],
          outputFormat: bfclPromptFormat,
        };
      });
    },
  };
}
