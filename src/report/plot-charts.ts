/**
 * The report's charts, drawn with Observable Plot into a server-side DOM (linkedom) and kept as
 * SVG text, so the page needs no chart JavaScript and works offline. Each function returns the
 * SVG markup of one chart, or null when there is nothing to draw.
 */
import * as Plot from "@observablehq/plot";
import { parseHTML } from "linkedom";
import { percent } from "../text/percent.js";

let sharedDocument: unknown;

function chartDocument(): unknown {
  sharedDocument ??= parseHTML("<!doctype html><html><head></head><body></body></html>").document;
  return sharedDocument;
}

function render(options: Plot.PlotOptions): string {
  const chart = Plot.plot({ ...options, document: chartDocument() as Plot.PlotOptions["document"] });
  return (chart as unknown as { outerHTML: string }).outerHTML;
}

/** Left margin wide enough for the longest label (about 6.2 px a character at 10 px). */
function labelMargin(labels: readonly string[]): number {
  return Math.min(320, 16 + Math.ceil(6.2 * Math.max(4, ...labels.map((label) => label.length))));
}

/** One accuracy with its 95% interval. */
export interface AccuracyPoint {
  label: string;
  accuracy: number;
  low: number;
  high: number;
  n: number;
}

/**
 * Accuracy by category: a dot per category with its Wilson 95% interval as a bar, and the accuracy
 * written in a column right of the axis (written at the bar's end, 0.0% read as the interval's top).
 */
export function accuracyChart(points: readonly AccuracyPoint[]): string | null {
  if (points.length === 0) return null;
  const labels = points.map((point) => point.label);
  return render({
    width: 760,
    height: 40 + 24 * points.length,
    marginLeft: labelMargin(labels),
    marginRight: 70,
    x: { domain: [0, 100], percent: true, grid: true, label: "accuracy (%) with 95% interval" },
    y: { domain: labels, label: null },
    marks: [
      Plot.ruleY(points, { y: "label", x1: "low", x2: "high", stroke: "#7aa6d8", strokeWidth: 6 }),
      Plot.dot(points, {
        y: "label",
        x: "accuracy",
        fill: "#1f4e8c",
        r: 4,
        title: (point: AccuracyPoint) =>
          `${point.label}: ${percent(point.accuracy)} [${percent(point.low)}, ${percent(point.high)}], n=${point.n}`,
      }),
      Plot.text(points, {
        y: "label",
        frameAnchor: "right",
        text: (point: AccuracyPoint) => percent(point.accuracy),
        dx: 12,
        textAnchor: "start",
        fontWeight: "bold",
      }),
    ],
  });
}

/** One accuracy of one run (a series) in one category. */
export interface SeriesAccuracyPoint extends AccuracyPoint {
  series: string;
}

/** Side-by-side accuracy of several runs (e.g. quantisations) per category, with intervals. */
export function sideBySideAccuracyChart(
  points: readonly SeriesAccuracyPoint[],
  seriesOrder: readonly string[],
): string | null {
  if (points.length === 0) return null;
  const categories = [...new Set(points.map((point) => point.label))];
  return render({
    width: 760,
    height: 40 + categories.length * (12 + 16 * seriesOrder.length),
    marginLeft: labelMargin(categories),
    marginRight: 60,
    x: { domain: [0, 100], percent: true, grid: true, label: "accuracy (%) with 95% interval" },
    fy: { domain: categories, label: null },
    y: { domain: [...seriesOrder], axis: null },
    color: { domain: [...seriesOrder], legend: true, range: ["#1f4e8c", "#d0742c", "#3a8a4c", "#8a3a7a"] },
    marks: [
      Plot.frame({ stroke: "#eee" }),
      Plot.ruleY(points, {
        fy: "label",
        y: "series",
        x1: "low",
        x2: "high",
        stroke: "series",
        strokeOpacity: 0.35,
        strokeWidth: 6,
      }),
      Plot.dot(points, {
        fy: "label",
        y: "series",
        x: "accuracy",
        fill: "series",
        r: 4,
        title: (point: SeriesAccuracyPoint) =>
          `${point.series} · ${point.label}: ${percent(point.accuracy)} [${percent(point.low)}, ${percent(point.high)}], n=${point.n}`,
      }),
    ],
  });
}

/** A measured speed at a prompt length. */
export interface SpeedPoint {
  tokens: number;
  value: number;
  /** The series (e.g. "prefill tok/s" or a run label). */
  series: string;
  low?: number;
  high?: number;
}

/** Speed against prompt length: dots (and min–max bars when known) joined per series, log x. */
export function speedChart(points: readonly SpeedPoint[], yLabel: string): string | null {
  if (points.length === 0) return null;
  const series = [...new Set(points.map((point) => point.series))];
  const ranged = points.filter((point) => point.low !== undefined && point.high !== undefined);
  const positive = points.every((point) => point.tokens > 0);
  return render({
    width: 760,
    height: 300,
    marginLeft: 60,
    x: { type: positive ? "log" : "linear", label: "prompt tokens", grid: true },
    y: { grid: true, label: yLabel, zero: true },
    color: { domain: series, legend: series.length > 1, range: ["#1f4e8c", "#d0742c", "#3a8a4c", "#8a3a7a"] },
    marks: [
      Plot.ruleX(ranged, { x: "tokens", y1: "low", y2: "high", stroke: "series", strokeWidth: 3 }),
      Plot.line(points, { x: "tokens", y: "value", stroke: "series", sort: "tokens" }),
      Plot.dot(points, {
        x: "tokens",
        y: "value",
        fill: "series",
        r: 4,
        title: (point: SpeedPoint) => `${point.series}: ${point.value.toFixed(1)} at ${point.tokens} tokens`,
      }),
    ],
  });
}

/** One measured call: prompt length and a timing or speed. */
export interface CallPoint {
  tokens: number;
  value: number;
}

/** Most dots drawn in a scatter; larger runs are thinned evenly (the caption says so). */
export const scatterLimit = 4000;

/** A scatter of per-call measurements against prompt length (thinned evenly past {@link scatterLimit}). */
export function callScatterChart(points: readonly CallPoint[], yLabel: string): string | null {
  if (points.length === 0) return null;
  const step = Math.max(1, Math.ceil(points.length / scatterLimit));
  const shown = step === 1 ? points : points.filter((_, index) => index % step === 0);
  return render({
    width: 760,
    height: 280,
    marginLeft: 60,
    x: { label: "prompt tokens", grid: true },
    y: { label: yLabel, grid: true, zero: true },
    marks: [Plot.dot(shown, { x: "tokens", y: "value", r: 2, fill: "#1f4e8c", fillOpacity: 0.45 })],
  });
}

/** Accuracy at one value of a probed quantity (tool count, context tokens). */
export interface ProbePoint {
  x: number;
  accuracy: number;
  low: number;
  high: number;
  n: number;
}

/** Accuracy against a probed quantity: a line with its 95% band. */
export function probeChart(points: readonly ProbePoint[], xLabel: string): string | null {
  if (points.length < 2) return null;
  return render({
    width: 760,
    height: 280,
    marginLeft: 60,
    x: { label: xLabel, grid: true },
    y: { domain: [0, 100], percent: true, grid: true, label: "accuracy (%)" },
    marks: [
      Plot.areaY(points, { x: "x", y1: "low", y2: "high", fill: "#7aa6d8", fillOpacity: 0.35 }),
      Plot.line(points, { x: "x", y: "accuracy", stroke: "#1f4e8c" }),
      Plot.dot(points, {
        x: "x",
        y: "accuracy",
        fill: "#1f4e8c",
        r: 3.5,
        title: (point: ProbePoint) =>
          `${xLabel} ${point.x}: ${percent(point.accuracy)} [${percent(point.low)}, ${percent(point.high)}], n=${point.n}`,
      }),
    ],
  });
}
