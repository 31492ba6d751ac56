/**
 * `bench --browser` end to end: headless Chromium (Debian's `chromium`, driven by playwright-core)
 * opens the printed URL, a tiny random-weight model runs in WebAssembly (multi-threaded: the page
 * is cross-origin isolated), the page posts its figures, the in-process bench of the same file
 * runs, and the report carries the browser as a device of its own with each test's ratio. No time
 * is asserted. Without chromium the test fails in CI (CI=true) and is skipped elsewhere, as the
 * report's browser test does.
 */
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { after, before, describe, it } from "node:test";
import { type Browser, chromium } from "playwright-core";
import { tinyModelPath } from "../../gguf/synth/tiny-model.test-support.js";
import { headlessChromiumArguments } from "../../report/headless-chromium.test-support.js";
import type { BenchPlan } from "../bench-options.js";
import { formatBrowserSection } from "./browser-bench-text.js";
import { runBrowserBench } from "./run-browser-bench.js";

const chromiumPath = process.env.EDGECALL_CHROMIUM ?? "/usr/bin/chromium";
const available = existsSync(chromiumPath);

if (!available && process.env.CI === "true") {
  it("chromium is installed for the browser tests", () => {
    assert.fail(`chromium not found at ${chromiumPath}: the browser tests need Debian's chromium`);
  });
}

describe("bench --browser in headless Chromium", {
  skip: available ? false : `chromium not found at ${chromiumPath}`,
}, () => {
  let browser: Browser;
  before(async () => {
    browser = await chromium.launch({ executablePath: chromiumPath, args: [...headlessChromiumArguments] });
  });
  after(async () => {
    await browser?.close();
  });

  it("runs the tiny model in WebAssembly and reports it beside in-process", async () => {
    const path = await tinyModelPath("qwen35", "q8_0");
    const plan: BenchPlan = {
      source: { kind: "file", path },
      promptTokens: [16],
      genTokens: 8,
      threads: [1],
      repeats: 1,
      contextSize: undefined,
      gpu: "off",
    };
    const pageErrors: string[] = [];
    const opened: Promise<unknown>[] = [];
    const progress: string[] = [];
    const report = await runBrowserBench(
      plan,
      { timeoutSeconds: 120 },
      {
        onProgress: (message) => progress.push(message),
        onUrls: (urls) => {
          opened.push(
            (async () => {
              const page = await browser.newPage();
              page.on("pageerror", (error) => pageErrors.push(error.message));
              await page.goto(urls[0]!);
              await page.waitForFunction("globalThis.edgecallBenchDone === true", undefined, {
                timeout: 120_000,
              });
              await page.close();
            })(),
          );
        },
      },
    );
    await Promise.all(opened);
    assert.deepEqual(pageErrors, []);
    const json = JSON.parse(JSON.stringify(report));
    const section = json.browser;
    assert.equal(section.label, "in-browser WebAssembly");
    assert.match(section.runtime, /^@wllama\/wllama \d+\.\d+\.\d+ \(llama\.cpp b\d+/);
    assert.equal(section.device.crossOriginIsolated, true);
    assert.equal(section.device.threadsAvailable, true);
    assert.equal(section.device.simd, true);
    assert.match(section.device.userAgent, /Chrome/);
    assert.ok(section.device.cores >= 1);
    assert.deepEqual(
      section.results.map((result: { test: string }) => result.test),
      ["pp16", "tg8"],
    );
    for (const result of section.results) {
      assert.ok(result.threads >= 1 && result.threads <= section.device.cores);
      assert.ok(result.tokensPerSecond.median > 0);
      assert.ok(result.llamaCppTokensPerSecond.median > 0);
    }
    // The in-process report of the same file and plan is the rest of the document.
    assert.deepEqual(
      json.results.map((result: { test: string }) => result.test),
      ["pp16", "tg8"],
    );
    assert.deepEqual(
      section.inProcess.ratios.map((ratio: { test: string }) => ratio.test),
      ["pp16", "tg8"],
    );
    for (const ratio of section.inProcess.ratios) assert.ok(ratio.browserOverInProcess > 0);
    assert.ok(
      progress.some((line) => line.startsWith("browser: connected")),
      progress.join("\n"),
    );
    const text = formatBrowserSection(report.browser);
    assert.match(text, /in-browser WebAssembly/);
    assert.match(text, /÷ in-process/);
  });
});
