/** BFCL's summary scores as lines of text (`score bfcl` and the eval summary print them alike). */
import type { BfclAggregate } from "./aggregates.js";

function percent(value: number): string {
  return `${(value * 100).toFixed(1)}%`;
}

/** One line per summary score; `onlyScored` leaves out summaries with no component scored. */
export function bfclAggregateLines(aggregates: readonly BfclAggregate[], onlyScored = false): string[] {
  const lines: string[] = [];
  for (const aggregate of aggregates) {
    const scored = aggregate.scoredParts ?? [];
    if (onlyScored && aggregate.n === 0) continue;
    const value =
      aggregate.accuracy !== null
        ? `${percent(aggregate.accuracy)}${aggregate.partial ? " (partial categories)" : ""}`
        : aggregate.overScoredParts != null
          ? `n/a; over ${scored.length} of ${aggregate.components.length} parts (${scored.join(", ")}): ${percent(aggregate.overScoredParts)} (missing ${aggregate.missing.join(", ")})`
          : `n/a (missing ${aggregate.missing.join(", ")})`;
    const caveat =
      aggregate.notComparable === undefined
        ? ""
        : ` · not comparable with BFCL (${aggregate.notComparable.join(", ")} cannot run as BFCL runs them here)`;
    lines.push(`${aggregate.suite}: ${value}${caveat}`);
  }
  return lines;
}
