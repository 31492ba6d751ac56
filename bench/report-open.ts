/**
 * How fast a 3,000-sample report opens and filters in headless Chromium: the report the browser
 * test builds (a replay run of 2,700 + 300 stub samples, one agent transcript, a bench), written,
 * then opened `--repeats` times in fresh pages. Goals: ready (navigation to the first table page,
 * measured by the page itself) under 1,000 ms, and the category and verdict filter applied, as
 * the test's side sees it, under 1,000 ms. The test (src/report/browser-report.test.ts) checks the
 * same page's behaviour and asserts no time.
 *
 *   node --import tsx bench/report-open.ts [--repeats 5] [--chromium /usr/bin/chromium] [--json]
 *
 * Needs Debian's chromium (`apt-get install -y chromium`, or EDGECALL_CHROMIUM). Exits 0 whatever
 * the figures: on a busy machine they are slower, and that is what they then report.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { chromium, type Page } from "playwright-core";
import { headlessChromiumArguments } from "../src/report/headless-chromium.test-support.js";
import { createReplayRun, mixedOutcome } from "../src/report/report-run.test-support.js";
import { readRunData } from "../src/report/run-data.js";
import { writeRunReport } from "../src/report/run-report.js";
import { sampleBench } from "../src/report/sample-bench.test-support.js";

const { values } = parseArgs({
  options: {
    repeats: { type: "string", default: "5" },
    chromium: { type: "string", default: process.env.EDGECALL_CHROMIUM ?? "/usr/bin/chromium" },
    json: { type: "boolean", default: false },
  },
});
const repeats = Number(values.repeats);
if (!Number.isInteger(repeats) || repeats < 1) throw new Error("--repeats must be a whole number ≥ 1");
const chromiumPath = values.chromium as string;
if (!existsSync(chromiumPath)) {
  process.stderr.write(
    `chromium not found at ${chromiumPath} (apt-get install -y chromium, or --chromium)\n`,
  );
  process.exit(2);
}

/** The page's globals that page-script.ts sets (this project's TypeScript has no DOM types). */
interface PageGlobals {
  reportReady?: number;
  lastFilterMs?: number;
  document: { getElementById(id: string): { textContent: string | null } };
}

/** One opening of the report. */
interface Run {
  /** Navigation start to the first table page, as the page measures it (`window.reportReady`). */
  readyMs: number;
  /** `goto` to ready, as the driving side sees it. */
  openWallMs: number;
  /** Both filters chosen to the status line showing the result, as the driving side sees it. */
  filterWallMs: number;
  /** The filter's own time inside the page (`window.lastFilterMs`). */
  filterPageMs: number;
}

const goals = { readyMs: 1000, filterWallMs: 1000 };

/** Opens the report in `page`, filters it, and closes the page. */
async function openOnce(page: Page, reportPath: string, parallelFailures: number): Promise<Run> {
  page.setDefaultTimeout(60_000);
  const started = performance.now();
  await page.goto(pathToFileURL(reportPath).href);
  await page.waitForFunction(() => typeof (globalThis as unknown as PageGlobals).reportReady === "number");
  const openWallMs = performance.now() - started;
  const readyMs = await page.evaluate(() => (globalThis as unknown as PageGlobals).reportReady as number);
  const filtering = performance.now();
  await page.selectOption("#filter-category", "stub:single / parallel");
  await page.selectOption("#filter-verdict", "fail");
  await page.waitForFunction(
    (wanted) =>
      (
        (globalThis as unknown as PageGlobals).document.getElementById("filter-status").textContent ?? ""
      ).includes(wanted),
    `of ${parallelFailures} (3000 in all)`,
  );
  const filterWallMs = performance.now() - filtering;
  const filterPageMs = await page.evaluate(
    () => (globalThis as unknown as PageGlobals).lastFilterMs as number,
  );
  await page.close();
  return { readyMs, openWallMs, filterWallMs, filterPageMs };
}

const scratch = mkdtempSync(join(tmpdir(), "edgecall-bench-report-"));
try {
  const built = performance.now();
  const run = await createReplayRun({
    directory: join(scratch, "big"),
    samples: 2700,
    irrelevant: 300,
    outcome: mixedOutcome(1, 0.72),
    agentTranscript: true,
    bench: sampleBench("Q4_0", 1),
  });
  const buildMs = performance.now() - built;
  const writing = performance.now();
  const reportPath = writeRunReport(run);
  const writeMs = performance.now() - writing;
  const parallelFailures = (readRunData(run).eval?.results ?? []).filter(
    (result) => result.category === "parallel" && !result.passed && result.error === null,
  ).length;

  const context = await chromium.launchPersistentContext(join(scratch, "profile"), {
    executablePath: chromiumPath,
    headless: true,
    args: [...headlessChromiumArguments],
    viewport: { width: 1200, height: 1500 },
  });
  const runs: Run[] = [];
  try {
    for (let attempt = 0; attempt < repeats; attempt++)
      runs.push(await openOnce(await context.newPage(), reportPath, parallelFailures));
  } finally {
    await context.close();
  }

  const spread = (key: keyof Run) => {
    const sorted = runs.map((item) => item[key]).sort((a, b) => a - b);
    return { min: sorted[0]!, median: sorted[Math.floor((sorted.length - 1) / 2)]!, max: sorted.at(-1)! };
  };
  const figures = {
    readyMs: spread("readyMs"),
    openWallMs: spread("openWallMs"),
    filterWallMs: spread("filterWallMs"),
    filterPageMs: spread("filterPageMs"),
  };
  const met = {
    readyMs: figures.readyMs.median < goals.readyMs,
    filterWallMs: figures.filterWallMs.median < goals.filterWallMs,
  };
  if (values.json) {
    process.stdout.write(
      `${JSON.stringify({ samples: 3000, repeats, buildMs, writeMs, goals, met, figures, runs }, null, 2)}\n`,
    );
  } else {
    const line = (label: string, key: keyof Run, goal?: number, ok?: boolean) => {
      const { min, median, max } = figures[key];
      const verdict = goal === undefined ? "" : `; goal < ${goal} ms: ${ok ? "met" : "MISSED"}`;
      process.stdout.write(
        `  ${label}: median ${median.toFixed(0)} ms (${min.toFixed(0)}–${max.toFixed(0)})${verdict}\n`,
      );
    };
    process.stdout.write(
      `3,000-sample report (run built in ${(buildMs / 1000).toFixed(1)} s, report written in ${writeMs.toFixed(0)} ms), ${repeats} openings:\n`,
    );
    line("navigation to the first table page (page)", "readyMs", goals.readyMs, met.readyMs);
    line("goto to ready (driver)", "openWallMs");
    line("category and verdict filter (driver)", "filterWallMs", goals.filterWallMs, met.filterWallMs);
    line("the same filter inside the page", "filterPageMs");
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
