/**
 * The own check of `assistant:research` in `suite check`: the chains are solvable with the real
 * tools, and the corpus size is measured. The gold trajectories run through the real solver and
 * BM25 `web_search`; every page the gold fetches must be among the results of the search just
 * before it (so each hop's query really finds the next evidence page, not only a replayed URL).
 * The report adds `corpus` (pages, research pages, bytes and gzip bytes of the shipped
 * pages.json: "small enough for a phone" as a measured figure), `questions` (per hop count) and
 * `goldHops` (hops whose search found the next page, over all hops) and `shortcuts` (the questions
 * whose last evidence page a search for the question's own words lists).
 */
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { assistantDataPath } from "../../assistant/data-path.js";
import { loadWebCorpus, normaliseUrl } from "../../assistant/web-corpus.js";
import { referenceBackend } from "../../eval/reference-backend.js";
import { defaultAgentSettings } from "../../eval/runner.js";
import type { SampleResult } from "../../eval/sample-result.js";
import type { Sample } from "../../eval/suite.js";
import type { CheckRunner, SuiteOwnCheck } from "../../eval/suite-own-check.js";
import { toolEvents } from "../../eval/trajectory.js";
import { researchRegistry } from "./research-environment.js";
import type { ResearchTarget } from "./research-scorer.js";

/** The size of a web corpus file. */
export interface CorpusSize {
  pages: number;
  /** Pages tagged `research` (the research world's). */
  researchPages: number;
  bytes: number;
  /** gzip (level 9) of the file: what shipping it costs. */
  gzipBytes: number;
}

/** Measures the corpus at `path` (default: the shipped pages.json). */
export function corpusSize(path = assistantDataPath("web", "pages.json")): CorpusSize {
  const bytes = readFileSync(path);
  const corpus = loadWebCorpus(path);
  return {
    pages: corpus.pages.length,
    researchPages: corpus.pages.filter((page) => page.tags?.includes("research")).length,
    bytes: bytes.length,
    gzipBytes: gzipSync(bytes, { level: 9 }).length,
  };
}

/**
 * The hops (fetches) of one gold run and what is wrong with them: a fetch with no search just
 * before it, or of a page that search did not list, or that failed.
 */
export function unreachedHops(result: SampleResult): { hops: number; problems: string[] } {
  const trajectory = result.trajectory;
  if (trajectory === undefined || trajectory === null) return { hops: 0, problems: ["no trajectory"] };
  let lastResults: string[] | undefined;
  let lastQuery = "";
  let hops = 0;
  const problems: string[] = [];
  for (const { event } of toolEvents(trajectory)) {
    if (event.call.name === "web_search") {
      const output =
        event.outcome?.ok === true ? (event.outcome.output as { results?: { url: string }[] }) : {};
      lastResults = (output.results ?? []).map((hit) => normaliseUrl(hit.url));
      lastQuery = String(event.call.arguments.query ?? "");
      continue;
    }
    if (event.call.name !== "web_fetch") continue;
    hops += 1;
    const url = normaliseUrl(String(event.call.arguments.url ?? ""));
    if (lastResults === undefined) problems.push(`fetched ${url} without a search before it`);
    else if (!lastResults.includes(url))
      problems.push(
        `the search "${lastQuery}" does not list ${url} (got ${lastResults.join(", ") || "nothing"})`,
      );
    else if (event.outcome?.ok !== true) problems.push(`fetching ${url} failed`);
    lastResults = undefined;
  }
  return { hops, problems };
}

/**
 * The questions a search for their own words can shortcut: the real `web_search` of the question
 * text lists its last evidence page (through a back-link, e.g. a founder's page naming the
 * company). Measured, not a failure: the model still has to pick and read the page.
 */
export async function shortcutQuestions(samples: readonly Sample<ResearchTarget>[]): Promise<string[]> {
  const search = researchRegistry().get("web_search");
  const found: string[] = [];
  for (const sample of samples) {
    const question = sample.messages.findLast((message) => message.role === "user")?.content;
    const last = sample.target.evidence.at(-1);
    if (search === undefined || typeof question !== "string" || last === undefined) continue;
    const output = (await search.execute({ query: question.slice(0, 300) }, {})) as {
      results: { url: string }[];
    };
    if (output.results.some((hit) => normaliseUrl(hit.url) === normaliseUrl(last))) found.push(sample.id);
  }
  return found;
}

/** The check. */
export async function checkResearch(samples: readonly Sample[], runner: CheckRunner): Promise<SuiteOwnCheck> {
  const research = samples as readonly Sample<ResearchTarget>[];
  const gold = await runner.run(
    referenceBackend(samples, (sample) => sample.reference),
    samples,
    defaultAgentSettings,
  );
  const failures: { id: string; why: string }[] = [];
  let hops = 0;
  let found = 0;
  for (const result of gold) {
    const checked = unreachedHops(result);
    hops += checked.hops;
    found += checked.hops - checked.problems.length;
    for (const why of checked.problems) failures.push({ id: result.id, why });
  }
  const shortcuts = await shortcutQuestions(research);
  const questions: Record<string, number> = {};
  for (const sample of research) questions[sample.category] = (questions[sample.category] ?? 0) + 1;
  return {
    report: { corpus: corpusSize(), questions, goldHops: { found, hops }, shortcuts },
    failures,
  };
}
