/**
 * The bench section with `bench --browser`'s figures: the browser is read from bench.json as a
 * device of its own, labelled "in-browser WebAssembly", with its ratio to in-process, and its user
 * agent (text from a web page) is escaped and bounded; a bench without a browser shows none.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { parseBench } from "../bench/bench-data.js";
import { benchSection, browserBenchTableView } from "./bench-section.js";
import { sampleBench } from "./sample-bench.test-support.js";

function withBrowser(userAgent: string): unknown {
  return {
    ...(sampleBench("Q4_0", 1) as object),
    browser: {
      label: "in-browser WebAssembly",
      runtime: "@wllama/wllama 3.13.0 (llama.cpp b1)",
      device: { userAgent, cores: 8, crossOriginIsolated: true, threadsAvailable: true, simd: true },
      results: [
        { test: "pp128", threads: 8, tokensPerSecond: { min: 90, median: 100, max: 110 } },
        { test: "tg64", threads: 8, tokensPerSecond: { min: 9, median: 10, max: 11 } },
      ],
      inProcess: { ratios: [{ test: "pp128", browserThreads: 8, browserOverInProcess: 0.3226 }] },
    },
  };
}

describe("bench section with a browser", () => {
  it("shows the browser's tests labelled, with the ratio where in-process had the test", () => {
    const bench = parseBench("bench.json", withBrowser("Mozilla/5.0 (Linux; Android 14) Chrome/137"));
    const view = browserBenchTableView({ directory: "/run", bench });
    assert.deepEqual(
      view?.rows.map((row) => [row[0], row[1], row[2], row[3], row[6]]),
      [
        ["in-browser WebAssembly", "pp128", "8", "100.0", "0.32x"],
        ["in-browser WebAssembly", "tg64", "8", "10.0", "n/a"],
      ],
    );
    const html = benchSection({ directory: "/run", bench });
    assert.match(html, /<h3>in-browser WebAssembly<\/h3>/);
    assert.match(html, /lower bound of a native app/);
    assert.match(html, /Android 14/);
  });

  it("escapes and bounds the user agent", () => {
    const hostile = `<script>alert(1)</script>${"x".repeat(5000)}`;
    const html = benchSection({ directory: "/run", bench: parseBench("bench.json", withBrowser(hostile)) });
    assert.doesNotMatch(html, /<script>/);
    assert.match(html, /&lt;script&gt;/);
    assert.ok(!html.includes("x".repeat(300)), "the user agent is cut");
  });

  it("shows no browser part for a plain bench", () => {
    const bench = parseBench("bench.json", sampleBench("Q4_0", 1));
    assert.equal(bench.browser, undefined);
    assert.equal(browserBenchTableView({ directory: "/run", bench }), null);
    assert.doesNotMatch(benchSection({ directory: "/run", bench }), /WebAssembly/);
  });
});
