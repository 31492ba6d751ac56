/**
 * report.html and a compare page opened in headless Chromium (Debian's `chromium`, driven by
 * playwright-core): no console errors and no network requests, charts and the sample table render,
 * filtering and paging work, a transcript opens, and a 3,000-sample replay run opens, shows its
 * first page of rows and filters. No time is asserted: how fast it opens and filters is measured by
 * bench/report-open.ts (docs/benchmarks.md). Screenshots go to test-output/browser/; with
 * UPDATE_SCREENSHOT=1 the report's is also written to docs/report.png. Without chromium the test fails in CI (CI=true; .ci/run installs
 * it) and is skipped elsewhere.
 */
import assert from "node:assert/strict";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";
import { type BrowserContext, chromium, type Page } from "playwright-core";
import type { SampleResult } from "../eval/sample-result.js";
import { renderCompareReport } from "./compare-report.js";
import { headlessChromiumArguments } from "./headless-chromium.test-support.js";
import { createReplayRun, mixedOutcome } from "./report-run.test-support.js";
import { readRunData } from "./run-data.js";
import { writeReportFile, writeRunReport } from "./run-report.js";
import { sampleBench } from "./sample-bench.test-support.js";
import { createStatefulRun, eventfulStatefulResult } from "./stateful-run.test-support.js";
import { compareRuns } from "./two-run-comparison.js";

const chromiumPath = process.env.EDGECALL_CHROMIUM ?? "/usr/bin/chromium";
const available = existsSync(chromiumPath);
const repository = fileURLToPath(new URL("../..", import.meta.url));
const outputFolder = join(repository, "test-output", "browser");

/**
 * The page's globals, as functions that run in the page see them (this project's TypeScript has no
 * DOM types). Those functions must not use anything from this module: only their text is sent.
 */
interface PageGlobals {
  reportReady?: number;
  document: {
    getElementById(id: string): { textContent: string | null };
    querySelectorAll(
      selector: string,
    ): ArrayLike<{ textContent: string | null }> & Iterable<{ textContent: string | null }>;
  };
}

if (!available && process.env.CI === "true") {
  it("chromium is installed for the browser tests", () => {
    assert.fail(
      `chromium not found at ${chromiumPath}: the browser tests need Debian's chromium (.ci/run installs it: apt-get install -y chromium)`,
    );
  });
}

describe("report pages in headless Chromium", {
  skip: available ? false : `chromium not found at ${chromiumPath}`,
}, () => {
  let scratch = "";
  let context: BrowserContext;
  let reportPath = "";
  let comparePath = "";
  let statefulPath = "";
  let typicalPath = "";
  let expectedParallelFailures = 0;
  const problems: string[] = [];

  before(async () => {
    scratch = mkdtempSync(join(tmpdir(), "edgecall-browser-"));
    mkdirSync(outputFolder, { recursive: true });
    const big = await createReplayRun({
      directory: join(scratch, "big"),
      samples: 2700,
      irrelevant: 300,
      outcome: mixedOutcome(1, 0.72),
      agentTranscript: true,
      bench: sampleBench("Q4_0", 1),
    });
    reportPath = writeRunReport(big);
    expectedParallelFailures = (readRunData(big).eval?.results ?? []).filter(
      (result) => result.category === "parallel" && !result.passed && result.error === null,
    ).length;
    const runA = await createReplayRun({
      directory: join(scratch, "a"),
      samples: 240,
      irrelevant: 60,
      outcome: mixedOutcome(3, 0.75),
      bench: sampleBench("Q4_0", 1),
    });
    const runB = await createReplayRun({
      directory: join(scratch, "b"),
      samples: 240,
      irrelevant: 60,
      outcome: mixedOutcome(4, 0.8),
      quantisation: "Q8_0",
      bench: sampleBench("Q8_0", 1.7),
    });
    const a = readRunData(runA);
    const b = readRunData(runB);
    comparePath = join(scratch, "compare.html");
    writeReportFile(comparePath, renderCompareReport(compareRuns(a, b), a, b));
    // A stateful run (reference model) whose t_sam is made hostile and eventful.
    const stateful = await createStatefulRun(join(scratch, "stateful"), "reference");
    const resultsPath = join(stateful, "results.jsonl");
    const lines = readFileSync(resultsPath, "utf8")
      .split("\n")
      .filter((line) => line !== "")
      .map((line) => JSON.parse(line) as SampleResult)
      .map((result) => (result.id === "t_sam" ? eventfulStatefulResult(result) : result));
    writeFileSync(resultsPath, lines.map((result) => `${JSON.stringify(result)}\n`).join(""));
    statefulPath = writeRunReport(stateful);
    // A typical first report: the demo's size (20 samples, two suites), random weights, a bench.
    const typical = await createReplayRun({
      directory: join(scratch, "typical"),
      samples: 10,
      irrelevant: 10,
      outcome: mixedOutcome(5, 0.5),
      bench: { ...(sampleBench("Q8_0", 1) as object), randomWeights: true },
    });
    typicalPath = writeRunReport(typical);
    context = await chromium.launchPersistentContext(join(scratch, "profile"), {
      executablePath: chromiumPath,
      headless: true,
      args: [...headlessChromiumArguments],
      viewport: { width: 1200, height: 1500 },
    });
  });

  after(async () => {
    await context?.close();
    if (scratch !== "") rmSync(scratch, { recursive: true, force: true });
  });

  async function open(path: string): Promise<Page> {
    const page = await context.newPage();
    page.setDefaultTimeout(60_000);
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(`console error: ${message.text()}`);
    });
    page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
    page.on("request", (request) => {
      if (!/^(file|data|about):/.test(request.url())) problems.push(`network request: ${request.url()}`);
    });
    await page.goto(pathToFileURL(path).href);
    await page.waitForFunction(() => typeof (globalThis as unknown as PageGlobals).reportReady === "number");
    return page;
  }

  /** Waits until the filter status line contains `text`. */
  async function waitForStatus(page: Page, text: string): Promise<void> {
    await page.waitForFunction(
      (wanted) =>
        (
          (globalThis as unknown as PageGlobals).document.getElementById("filter-status").textContent ?? ""
        ).includes(wanted),
      text,
    );
  }

  async function statusText(page: Page): Promise<string> {
    return (await page.locator("#filter-status").textContent()) ?? "";
  }

  it("opens a 3,000-sample report, renders charts and the table, filters and opens a transcript", async () => {
    const page = await open(reportPath);

    // Charts are inline SVG with real size; the category table has its 4 categories and overall.
    const charts = page.locator("#charts figure.chart svg");
    assert.equal(await charts.count(), 3, "accuracy by category, bench prefill speed, bench TTFT");
    for (const svg of await charts.all()) {
      const box = await svg.boundingBox();
      assert.ok(box !== null && box.width > 300 && box.height > 80, "each chart has a visible size");
    }
    assert.equal(await page.locator("#categories tbody tr").count(), 5);
    assert.equal(await page.locator("#samples tbody tr").count(), 50);
    assert.match(await statusText(page), /showing 1–50 of 3000 \(3000 in all\), page 1 of 60/);
    await page.screenshot({ path: join(outputFolder, "report.png") });
    if (process.env.UPDATE_SCREENSHOT === "1")
      copyFileSync(join(outputFolder, "report.png"), join(repository, "docs", "report.png"));

    // Filter: category and verdict.
    await page.selectOption("#filter-category", "stub:single / parallel");
    await page.selectOption("#filter-verdict", "fail");
    await waitForStatus(page, `of ${expectedParallelFailures} (3000 in all)`);
    const categories = await page.locator("#samples tbody tr td:nth-child(2)").allTextContents();
    assert.ok(categories.length > 0 && categories.every((text) => text === "stub:single / parallel"));
    const verdicts = await page.locator("#samples tbody tr .verdict").allTextContents();
    assert.ok(verdicts.every((text) => text === "fail"));

    // Paging moves to the next rows.
    if (expectedParallelFailures > 50) {
      await page.click("#page-next");
      assert.match(await statusText(page), /showing 51–/);
    }

    // Search by id, then open the transcript of a harness error and of the agent sample.
    await page.selectOption("#filter-category", "");
    await page.selectOption("#filter-verdict", "");
    await page.fill("#filter-search", "single_0");
    await waitForStatus(page, "of 1 ");
    await page.locator("#samples tbody tr").first().click();
    const dialog = page.locator("dialog#transcript");
    await dialog.waitFor({ state: "visible" });
    const text = (await dialog.textContent()) ?? "";
    assert.match(text, /Raw model output/);
    assert.match(text, /Parsed calls/);
    assert.match(text, /Verdict and explanation/);
    assert.match(text, /precondition\s*block\s*payee 'mallory' is not a known contact/);
    await page.screenshot({ path: join(outputFolder, "report-transcript.png") });
    await page.click("#transcript-close");
    await dialog.waitFor({ state: "hidden" });

    // The search box applies its filter 150 ms after typing, and every filter run replaces the
    // rows: wait until clearing it has been applied (more than one row), then until the verdict
    // filter has (every row an error), so that Enter lands on a row that stays.
    await page.fill("#filter-search", "");
    await page.waitForFunction(
      () => (globalThis as unknown as PageGlobals).document.querySelectorAll("#samples tbody tr").length > 1,
    );
    await page.selectOption("#filter-verdict", "error");
    await page.waitForFunction(() => {
      const verdicts = [
        ...(globalThis as unknown as PageGlobals).document.querySelectorAll("#samples tbody tr .verdict"),
      ];
      return verdicts.length > 0 && verdicts.every((cell) => cell.textContent === "error");
    });
    await page.locator("#samples tbody tr").first().press("Enter");
    await dialog.waitFor({ state: "visible" });
    assert.match((await dialog.textContent()) ?? "", /Harness error\s*replay-exhausted/);
    await page.close();
    assert.deepEqual(problems, []);
  });

  it("shows the results table in the first screen of a laptop (1280x800), and saves the screenshot", async (t) => {
    const page = await open(typicalPath);
    await page.setViewportSize({ width: 1280, height: 800 });
    const table = page.locator("table#categories");
    const box = await table.boundingBox();
    assert.ok(box !== null, "the results table is drawn");
    assert.ok(box.y >= 0 && box.y < 800, `the results table starts at y=${box.y}, below the first screen`);
    assert.ok(
      await page.locator("#random-weights-banner").isVisible(),
      "the random-weights banner stays above the results",
    );
    // Random weights: no accuracy reads as a score; the dash says why, on hover and under the table.
    const accuracy = await page
      .locator("#categories tbody td:nth-child(5), #categories tbody td:nth-child(6)")
      .all();
    assert.equal(accuracy.length, 10);
    for (const cell of accuracy) {
      assert.equal(await cell.textContent(), "—");
      assert.equal(await cell.getAttribute("title"), "random weights: not a score");
    }
    assert.ok(
      await page.getByText("—: random weights: not a score.").isVisible(),
      "the caption under the table",
    );
    assert.equal(await page.getByText("Accuracy by category: not drawn").count(), 1, "a note, not a chart");
    const provenance = await page.locator("#provenance").boundingBox();
    assert.ok(provenance !== null && provenance.y > box.y, "provenance comes after the results");
    // For a person to look at (the test's own temporary folder, kept).
    const folder = mkdtempSync(join(tmpdir(), "edgecall-report-screenshot-"));
    const png = join(folder, "report-1280x800.png");
    await page.screenshot({ path: png });
    copyFileSync(png, join(outputFolder, "report-1280x800.png"));
    t.diagnostic(`report.html at 1280x800: ${png}`);
    await page.close();
    assert.deepEqual(problems, []);
  });

  it("shows a stateful trajectory step by step with its marks, text kept inert", async () => {
    const page = await open(statefulPath);
    page.on("dialog", (dialog) => {
      problems.push(`a script opened a dialog: ${dialog.message()}`);
      void dialog.dismiss();
    });
    assert.match((await page.locator("#categories thead").textContent()) ?? "", /progress.*confirmations/);
    const dialog = page.locator("dialog#transcript");
    await page.fill("#filter-search", "t_dnd");
    await waitForStatus(page, "of 1 ");
    await page.locator("#samples tbody tr").first().click();
    await dialog.waitFor({ state: "visible" });
    assert.match((await dialog.locator(".event-tool").first().textContent()) ?? "", /✓ milestone dnd-on/);
    await page.click("#transcript-close");
    await page.fill("#filter-search", "t_sam");
    // The search applies 150 ms after typing: wait until t_sam is the row shown.
    await page.waitForFunction(() => {
      const cells = (globalThis as unknown as PageGlobals).document.querySelectorAll("#samples tbody td");
      return cells.length > 0 && cells[0]?.textContent === "t_sam";
    });
    await page.locator("#samples tbody tr").first().click();
    await dialog.waitFor({ state: "visible" });
    const text = (await dialog.textContent()) ?? "";
    assert.match(text, /Request\s*<\/script><script>alert\(1\)/, "the request, as text");
    assert.match(text, /Milestones \(in order/);
    assert.match(text, /before the first event:\s*✓ milestone asked/);
    assert.match(text, /unreadable call · truncated: the call ends early/);
    assert.match(text, /confirmation asked: declined by scripted-user/);
    assert.match(text, /not run: declined at confirmation/);
    assert.match(text, /end: max-steps\s*step limit of 4 reached/);
    assert.match(
      (await dialog.locator('[data-event="3"]').textContent()) ?? "",
      /✗ minefield wrong-sam[\s\S]*precondition\s*block/,
    );
    assert.equal(await page.locator("#injected").count(), 0, "model text never becomes markup");
    assert.equal(await dialog.locator("img").count(), 0);
    // The long tool output shows its start; its <details> shows the whole (as kept on the page).
    const read = dialog.locator('[data-event="5"]');
    assert.match((await read.textContent()) ?? "", /more characters left out of the page/);
    await read.locator("details.whole > summary").click();
    assert.equal((await read.locator("details.whole pre").textContent())?.length, 4000);
    await dialog.screenshot({ path: join(outputFolder, "report-trajectory.png") });
    await page.close();
    assert.deepEqual(problems, []);
  });

  it("opens a compare page whose flipped rows show both transcripts", async () => {
    const page = await open(comparePath);
    assert.ok((await page.locator("#charts svg").count()) >= 2);
    assert.equal(await page.locator("#categories tbody tr").count(), 5);
    const rows = page.locator("#samples tbody tr");
    assert.ok((await rows.count()) > 0);
    await page.selectOption("#filter-verdict", "b");
    const passedIn = await page.locator("#samples tbody tr td:nth-child(5)").allTextContents();
    assert.ok(passedIn.length > 0 && passedIn.every((text) => text.includes("Q8_0")));
    await rows.first().click();
    const dialog = page.locator("dialog#transcript");
    await dialog.waitFor({ state: "visible" });
    assert.equal(await dialog.locator(".columns > div").count(), 2);
    assert.equal(await dialog.locator(".verdict.pass").count(), 1);
    await page.screenshot({ path: join(outputFolder, "compare-transcript.png") });
    await page.close();
    assert.deepEqual(problems, []);
  });
});
