/**
 * The terminal form of a `bench --browser` section: the browser's device (its user agent shown
 * printable and bounded: it comes from the page), a table of its tests labelled "in-browser
 * WebAssembly", each against this machine's in-process speed, then memory and battery.
 */
import { formatBytes } from "../../text/byte-units.js";
import { markdownTable } from "../../text/text-table.js";
import type { BrowserBenchSection } from "./browser-bench-section.js";

/** Text from a web page as the terminal shows it: printable ASCII, at most `limit` characters. */
export function shownPageText(text: string, limit = 200): string {
  const printable = text.replace(/[^\x20-\x7e]/g, "?");
  return printable.length > limit ? `${printable.slice(0, limit)}...` : printable;
}

function ratioText(ratio: number): string {
  return ratio >= 1 ? `${ratio.toFixed(2)}x` : `${ratio.toFixed(2)}x (${(1 / ratio).toFixed(1)}x slower)`;
}

/** Formats the section for the terminal. */
export function formatBrowserSection(section: BrowserBenchSection): string {
  const { device } = section;
  const lines = [
    `browser (${section.label}; a lower bound of a native app on that device):`,
    `  user agent: ${shownPageText(device.userAgent)}`,
    `  cores reported: ${device.cores ?? "hidden"}; threads available: ${device.threadsAvailable ? "yes" : "no"}` +
      ` (cross-origin isolated: ${device.crossOriginIsolated ? "yes" : "no"}); SIMD: ${device.simd ? "yes" : "no"}`,
    `  runtime: ${shownPageText(section.runtime)}, CPU only, batch ${section.batchSize}, context ${section.contextSize}`,
    `  download ${(section.downloadMs / 1000).toFixed(2)} s, load ${(section.loadMs / 1000).toFixed(2)} s`,
    "",
  ];
  const ratios = new Map(
    section.inProcess.ratios.map((ratio) => [`${ratio.test}/${ratio.browserThreads}`, ratio]),
  );
  lines.push(
    markdownTable(
      ["device", "threads", "test", "t/s", "llama.cpp t/s", "÷ in-process"],
      ["left", "right", "right", "right", "right", "right"],
      section.results.map((result) => {
        const { min, median, max } = result.tokensPerSecond;
        const ratio = ratios.get(`${result.test}/${result.threads}`);
        return [
          section.label,
          String(result.threads),
          result.test,
          `${median.toFixed(2)} ± ${((max - min) / 2).toFixed(2)}`,
          result.llamaCppTokensPerSecond === undefined
            ? "n/a"
            : result.llamaCppTokensPerSecond.median.toFixed(2),
          ratio === undefined
            ? "n/a"
            : `${ratioText(ratio.browserOverInProcess)} of ${ratio.inProcessTokensPerSecond.toFixed(2)} (${ratio.inProcessThreads}t)`,
        ];
      }),
    ),
  );
  lines.push(
    "t/s: the page's wall time per run (worker messaging included); llama.cpp t/s: its own timings; " +
      `÷ in-process: against ${section.inProcess.device}, same file, same command`,
  );
  lines.push(
    section.memory === null
      ? "browser memory: not reported by this browser"
      : `browser memory: ${formatBytes(section.memory.bytes)} (${section.memory.source}: ${section.memory.note})`,
  );
  if (section.battery === null) lines.push("battery: not reported by this browser (navigator.getBattery)");
  else {
    const { start, end, tokens, tokensPerPercent } = section.battery;
    const state = (point: { level: number; charging: boolean }) =>
      `${(point.level * 100).toFixed(0)}%${point.charging ? " charging" : ""}`;
    lines.push(
      `battery: ${state(start)} at start, ${state(end)} at end; ${tokens} tokens processed` +
        (tokensPerPercent === null
          ? " (no drop while discharging: no tokens per percent)"
          : `, ${tokensPerPercent.toFixed(0)} tokens per percent of battery`),
    );
  }
  return `${lines.join("\n")}\n`;
}
