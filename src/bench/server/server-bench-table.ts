/**
 * The terminal form of a server bench: the llama-bench-style table (model, backend, test, t/s,
 * timing source, network ms), time to first token, the network round trip, the server's identity
 * (its own text, escaped), load and memory marked not available, energy, and notes.
 */
import { terminalLine } from "../../text/terminal-safe.js";
import { markdownTable } from "../../text/text-table.js";
import { energyLines } from "../energy/energy-lines.js";
import type { Spread } from "../statistics.js";
import type { ServerBenchReport } from "./server-bench-report.js";

function ms(value: number): string {
  return value < 1000 ? `${value.toFixed(value < 10 ? 1 : 0)} ms` : `${(value / 1000).toFixed(2)} s`;
}

function spread(value: Spread, digits = 2): string {
  return `${value.median.toFixed(digits)} ± ${((value.max - value.min) / 2).toFixed(digits)}`;
}

/** Formats a server report for the terminal. */
export function formatServerBenchReport(report: ServerBenchReport): string {
  const shown = (text: string) => terminalLine(text, 120);
  const table = markdownTable(
    ["model", "backend", "test", "t/s", "timing", "network"],
    ["left", "left", "right", "right", "left", "right"],
    report.results.map((result) => [
      shown(report.model.description),
      report.backend.name,
      result.test,
      spread(result.tokensPerSecond),
      result.timingSource,
      result.networkMs === undefined ? "n/a" : ms(result.networkMs.median),
    ]),
  );
  const lines = [table, ""];
  lines.push(
    `t/s: median ± half the min-max range of ${report.repeats} run${report.repeats === 1 ? "" : "s"}, after one untimed warm-up run of each test; ` +
      "timing: server = the server's own timings, stream = streamed tokens' arrival here",
  );
  const firstTokens = report.results
    .filter((result) => result.firstTokenMs)
    .map((result) => `${result.test} ${ms(result.firstTokenMs!.median)}`);
  if (firstTokens.length > 0)
    lines.push(`time to first token (median, seen here, network included): ${firstTokens.join(", ")}`);
  const { network } = report;
  lines.push(`network: ${ms(network.roundTripMs.median)} round trip (median of ${network.probe})`);
  const server = report.backend.server;
  const props = server.props;
  const identity = [
    `server: ${shown(report.backend.endpoint)}`,
    ...(props?.modelPath === undefined ? [] : [`model file ${shown(props.modelPath)}`]),
    ...(props?.contextSize === undefined ? [] : [`context ${props.contextSize}`]),
    ...(props?.slots === undefined ? [] : [`${props.slots} slot${props.slots === 1 ? "" : "s"}`]),
    ...(props?.buildInfo === undefined ? [] : [`build ${shown(props.buildInfo)}`]),
    `models ${server.models.map((model) => shown(model.id)).join(", ") || "(none listed)"}`,
  ];
  lines.push(identity.join(", "));
  lines.push(`load, peak RSS: ${report.load.note}`);
  lines.push(
    ...energyLines(
      report.energy,
      report.results.map((result) => ({ name: result.test, energy: result.energy })),
    ),
  );
  for (const note of report.notes) lines.push(`note: ${note}`);
  return `${lines.join("\n")}\n`;
}
