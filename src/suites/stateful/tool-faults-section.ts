/**
 * The report's "Robustness under tool faults" section (`--augment tool-faults`): pass^1 and, with
 * repeats, pass^k of the same scenarios without and with a transient fault, the scenarios the
 * faults broke, and pass^1 by kind of fault. On random weights pass^1 and pass^k read "—" (with
 * counts).
 */
import { namedNumericColumns, tableHtml } from "../../html/html-table.js";
import { notAScoreCaption, notAScoreCell } from "../../html/not-a-score.js";
import { scoreCell } from "../../html/rate-cell.js";
import { percent, percentInterval } from "../../text/percent.js";
import type { ToolFaultSummary } from "./tool-fault-summary.js";

/** The section of a run's block; `noise`: the model has random weights. */
export function toolFaultsSection(faults: ToolFaultSummary, noise = false): string {
  const passHat = faults.passHatK;
  const hat = (figure: { value: number; ci95: [number, number] } | undefined) =>
    figure === undefined
      ? "n/a"
      : noise
        ? notAScoreCell
        : `${percent(figure.value)} ${percentInterval(figure.ci95)}`;
  const rateCell = (figure: Parameters<typeof scoreCell>[0]) => scoreCell(figure, noise);
  const unpaired =
    faults.unpaired === 0
      ? ""
      : ` ${faults.unpaired} faulted copies without their scenario in the run are left out.`;
  return `<section id="tool-faults">
<h2>Robustness under tool faults</h2>
<p>${faults.scenarios} scenarios, each without and with one transient fault (a timeout, a server error or a truncated result on a tool's first call); ${faults.brokenByFaults} passed every attempt without faults and failed with them, ${faults.fixedByFaults} the other way round.${unpaired}${passHat === undefined ? " Run with --repeats 3 for pass^3 (Claw-Eval's primary metric)." : ""}</p>
${tableHtml({
  id: "tool-faults-table",
  columns: namedNumericColumns("arm", ["pass^1", `pass^${passHat?.withFaults.k ?? faults.repeats}`]),
  rows: [
    ["without faults", rateCell(faults.withoutFaults), hat(passHat?.withoutFaults)],
    ["with faults", rateCell(faults.withFaults), hat(passHat?.withFaults)],
    ...Object.entries(faults.byKind).map(([kind, figure]) => [
      `with faults: ${kind}`,
      rateCell(figure),
      "n/a",
    ]),
  ],
})}${noise ? `\n${notAScoreCaption("scenarios and the counts of scenarios the faults broke or fixed are counted as usual")}` : ""}
</section>`;
}
