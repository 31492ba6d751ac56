/**
 * Robustness under tool faults as a SuiteFigures of `assistant:stateful` (summary key
 * `toolFaults`, computed in src/suites/stateful/tool-fault-summary.ts): one terminal line (pass^1,
 * and pass^k with repeats, without → with faults; the scenarios the faults broke) and the report's
 * "Robustness under tool faults" section.
 */

import type { SuiteFigures } from "../../eval/suite-figures.js";
import { randomWeightsNotAScore } from "../../text/not-a-score.js";
import { percent } from "../../text/percent.js";
import { type ToolFaultSummary, toolFaultSummary } from "./tool-fault-summary.js";
import { toolFaultsSection } from "./tool-faults-section.js";

/** Faulted copies beside their own scenarios as a figure of `assistant:stateful` (summary key `toolFaults`). */
export const toolFaultFigures: SuiteFigures<ToolFaultSummary> = {
  key: "toolFaults",
  summarise: ({ results, repeats }) => toolFaultSummary(results, repeats),
  terminalLines: (faults, view) => {
    const hat = faults.passHatK;
    return [
      `tool faults (${faults.scenarios} scenarios, same without and with): pass^1 ` +
        (view.randomWeights
          ? `— (${randomWeightsNotAScore})`
          : `${percent(faults.withoutFaults.rate)} → ${percent(faults.withFaults.rate)}` +
            (hat === undefined
              ? ""
              : ` · pass^${hat.withFaults.k} ${percent(hat.withoutFaults.value)} → ${percent(hat.withFaults.value)}`)) +
        ` · broken by faults ${faults.brokenByFaults}`,
    ];
  },
  htmlSection: ([run]) => (run?.block === undefined ? "" : toolFaultsSection(run.block, run.randomWeights)),
};
