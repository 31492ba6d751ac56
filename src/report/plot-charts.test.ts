import assert from "node:assert/strict";
import { it } from "node:test";
import { accuracyChart } from "./plot-charts.js";

/** The x of each value label (the text mark's `translate(x,y)`), in the order drawn. */
function valueLabelXs(svg: string): number[] {
  const group = svg.split('aria-label="text"')[1] ?? "";
  return [...group.matchAll(/<text transform="translate\(([\d.]+),[\d.]+\)"[^>]*>[\d.]+%<\/text>/g)].map(
    (match) => Number(match[1]),
  );
}

it("writes each accuracy in one column right of the axis, not at its interval's end", () => {
  const svg = accuracyChart([
    { label: "a", accuracy: 0, low: 0, high: 0.49, n: 4 },
    { label: "b", accuracy: 0.5, low: 0.3, high: 0.7, n: 20 },
    { label: "c", accuracy: 1, low: 0.72, high: 1, n: 10 },
  ]);
  assert.ok(svg !== null);
  const xs = valueLabelXs(svg);
  assert.equal(xs.length, 3, svg);
  assert.equal(new Set(xs).size, 1, `labels not in one column: ${xs.join(", ")}`);
  // The column lies right of the 100% tick, where no interval ends.
  const hundred = Number(/<text transform="translate\(([\d.]+),[\d.]+\)"[^>]*>100<\/text>/.exec(svg)?.[1]);
  assert.ok((xs[0] ?? 0) >= hundred, `label column at ${xs[0]}, the 100% tick at ${hundred}`);
});
