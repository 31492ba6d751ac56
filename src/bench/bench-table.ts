/**
 * The terminal form of a bench report: a llama-bench-style markdown table (model, size, params,
 * backend, threads, test, t/s) followed by load times, time to first token, peak memory and the
 * context-memory table.
 */

import { formatBytes } from "../text/byte-units.js";
import { percent } from "../text/percent.js";
import { markdownTable } from "../text/text-table.js";
import type { BenchReport, ContextMemoryRow } from "./bench-report.js";
import { energyLines } from "./energy/energy-lines.js";

/** llama-bench's parameter count: "752.39 M", "1.88 B". */
export function formatParameters(parameters: number): string {
  return parameters < 1e9 ? `${(parameters / 1e6).toFixed(2)} M` : `${(parameters / 1e9).toFixed(2)} B`;
}

function formatMs(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;
}

function backendName(device: string): string {
  return device === "cpu"
    ? "CPU"
    : device === "cuda"
      ? "CUDA"
      : device === "vulkan"
        ? "Vulkan"
        : device === "metal"
          ? "Metal"
          : device;
}

function contextRowNote(row: ContextMemoryRow, report: BenchReport): string {
  const notes: string[] = [];
  if (row.label) notes.push(row.label);
  if (!row.withinModelMaximum) notes.push(`beyond the model's maximum (${report.model.contextLength})`);
  if (!row.fitsInMemory) notes.push("does not fit in this machine's memory");
  if (row.measuredRssDeltaBytes !== undefined) {
    notes.push(`measured: creating it added ${formatBytes(row.measuredRssDeltaBytes)} RSS`);
  }
  return notes.join("; ");
}

/** Formats a report for the terminal. */
export function formatBenchReport(report: BenchReport): string {
  const { model } = report;
  const sweep = new Set(report.results.map((result) => result.threads)).size > 1;
  const table = markdownTable(
    ["model", "size", "params", "backend", "threads", "test", "t/s"],
    ["left", "right", "right", "left", "right", "right", "right"],
    report.results.map((result) => {
      const { min, median, max } = result.tokensPerSecond;
      return [
        model.description,
        formatBytes(model.sizeBytes),
        formatParameters(model.parameters),
        backendName(report.backend.device),
        String(result.threads),
        result.test,
        `${median.toFixed(2)} ± ${((max - min) / 2).toFixed(2)}`,
      ];
    }),
  );
  const lines = [table, ""];
  const runs = `${report.repeats} run${report.repeats === 1 ? "" : "s"}`;
  lines.push(`t/s: median ± half the min-max range of ${runs}, after one untimed warm-up run of each test`);
  if (report.randomWeights) lines.push("random weights: speed and memory only");
  const firstTokens = report.results
    .filter((result) => result.firstTokenMs)
    .map(
      (result) =>
        `${result.test}${sweep ? ` (${result.threads}t)` : ""} ${formatMs(result.firstTokenMs!.median)}`,
    );
  if (firstTokens.length > 0)
    lines.push(`time to first token (median, prompt of random tokens): ${firstTokens.join(", ")}`);
  for (const result of report.results) {
    if (result.weightReadBytesPerSecond === undefined) continue;
    lines.push(
      `${result.test}${sweep ? ` (${result.threads}t)` : ""}: ${formatBytes(model.weightBytesPerToken)} of weights read per token, ` +
        `${(result.weightReadBytesPerSecond / 1e9).toFixed(2)} GB/s at the median speed`,
    );
  }
  for (const result of report.results) {
    const share = result.insideLlamaCpp;
    if (!share || result.genTokens === 0) continue;
    lines.push(
      `${result.test}${sweep ? ` (${result.threads}t)` : ""}: ${share.tokensPerSecond.median.toFixed(2)} t/s counting only ` +
        `llama.cpp's decode time; ${share.outsideMsPerToken.toFixed(2)} ms per token ` +
        `(${percent(share.outsideShare)}) outside it (sampling, node-llama-cpp's JavaScript path)`,
    );
  }
  lines.push(
    ...energyLines(
      report.energy,
      report.results.map((result) => ({
        name: `${result.test}${sweep ? ` (${result.threads}t)` : ""}`,
        ...(result.energy === undefined ? {} : { energy: result.energy }),
      })),
    ),
  );
  const { load } = report;
  lines.push(
    `load: cold ${formatMs(load.coldMs)}, warm ${formatMs(load.warmMs)} (runtime start ${formatMs(load.runtimeStartMs)} more); ` +
      "cold = first load in a fresh process, OS page cache not dropped",
  );
  const features = [...report.backend.systemInfo.matchAll(/([A-Z0-9_]+) = 1/g)].map((match) => match[1]);
  lines.push(
    `backend: ${report.backend.runtime} (llama.cpp), ${backendName(report.backend.device)}` +
      (features.length > 0 ? `, CPU features ${features.join(" ")}` : "") +
      `, batch ${report.backend.batchSize}, context ${report.backend.contextSize}`,
  );
  lines.push(
    `peak RSS: ${formatBytes(report.peakRssBytes)} (${report.peakRss.source} of the benchmark process: ` +
      "weights, test context and Node.js, which adds about 0.2 GiB over llama-bench)",
  );
  lines.push("", `context memory (${report.contextMemory.note}):`);
  lines.push(
    markdownTable(
      ["context", "KV cache", "recurrent state", "total", "note"],
      ["right", "right", "right", "right", "left"],
      report.contextMemory.sizes.map((row) => [
        String(row.contextSize),
        formatBytes(row.kvCacheBytes),
        formatBytes(row.recurrentStateBytes),
        formatBytes(row.totalBytes),
        contextRowNote(row, report),
      ]),
    ),
  );
  return `${lines.join("\n")}\n`;
}
