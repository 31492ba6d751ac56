import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { loadWebCorpus, normaliseUrl } from "../../assistant/web-corpus.js";
import { maxPageBytes } from "../../assistant/web-tools.js";
import type { SampleResult } from "../../eval/sample-result.js";
import type { ReferenceOutput, Sample, Transcript } from "../../eval/suite.js";
import { checkSuites } from "../../eval/suite-check.js";
import type { Trajectory, TrajectoryEvent } from "../../eval/trajectory.js";
import { corpusSize, shortcutQuestions } from "./research-check.js";
import { researchRegistry } from "./research-environment.js";
import { researchSummary } from "./research-figures.js";
import type { ResearchFindings, ResearchTarget } from "./research-scorer.js";
import { createResearchSuite } from "./research-suite.js";

const suite = createResearchSuite();
const samples = suite.samples() as Sample<ResearchTarget>[];

function trajectoryOf(
  calls: { name: string; arguments: Record<string, unknown>; output?: unknown }[],
  reply: string,
): Trajectory {
  const events: TrajectoryEvent[] = [];
  calls.forEach((call, step) => {
    events.push({
      type: "model",
      turn: 0,
      step,
      rawText: "",
      content: "",
      calls: [call],
      parseErrors: [],
      cached: false,
    });
    events.push({
      type: "tool",
      turn: 0,
      step,
      call: { name: call.name, arguments: call.arguments },
      decisions: [],
      outcome: { ok: true, output: call.output ?? {} },
    });
  });
  events.push({
    type: "model",
    turn: 0,
    step: calls.length,
    rawText: reply,
    content: reply,
    calls: [],
    parseErrors: [],
    cached: false,
  });
  return {
    events,
    userTurns: 1,
    steps: calls.length + 1,
    toolCalls: calls.length,
    confirmationsAsked: 0,
    stopReason: "final",
  };
}

function transcriptOf(trajectory: Trajectory): Transcript {
  return { request: { messages: [] }, turns: [], trajectory };
}

describe("assistant:research data", () => {
  it("has at least 60 questions of two to four hops, each hop count well represented", () => {
    assert.ok(samples.length >= 60, `${samples.length} questions`);
    for (const hops of [2, 3, 4]) {
      const count = samples.filter((sample) => sample.target.hops === hops).length;
      assert.ok(count >= 15, `${count} questions of ${hops} hops`);
    }
    assert.equal(new Set(samples.map((sample) => sample.id)).size, samples.length);
  });

  it("grows the corpus past 1,500 pages and keeps it phone-sized", () => {
    const size = corpusSize();
    assert.ok(size.pages >= 1500, `${size.pages} pages`);
    assert.ok(size.researchPages >= 1000, `${size.researchPages} research pages`);
    assert.ok(size.bytes < 4 * 1024 * 1024, `${size.bytes} bytes`);
    assert.ok(size.gzipBytes < size.bytes / 3, `${size.gzipBytes} gzip bytes`);
  });

  it("every evidence page and hard negative exists, fits one fetch, and no negative is evidence", () => {
    const corpus = loadWebCorpus();
    let negatives = 0;
    for (const sample of samples) {
      for (const url of [...sample.target.evidence, ...sample.target.negatives]) {
        const page = corpus.byUrl.get(normaliseUrl(url));
        assert.ok(page, `${sample.id}: ${url} is in the corpus`);
        assert.ok(Buffer.byteLength(page.text) <= maxPageBytes, `${url} is not truncated`);
      }
      const evidence = new Set(sample.target.evidence);
      for (const url of sample.target.negatives) assert.ok(!evidence.has(url), `${sample.id}: ${url}`);
      negatives += sample.target.negatives.length;
      // The answer is on the last evidence page (numbers as written there).
      const last = corpus.byUrl.get(normaliseUrl(sample.target.evidence.at(-1) as string));
      assert.ok(last?.text.includes(sample.target.answer), `${sample.id}: the answer is on the last page`);
    }
    assert.ok(negatives >= samples.length, `${negatives} hard negatives`);
  });

  it("each gold search, run through the real BM25 web_search, lists the next evidence page", async () => {
    const search = researchRegistry().get("web_search");
    assert.ok(search);
    for (const sample of samples) {
      const reference = sample.reference ?? [];
      for (let index = 0; index + 1 < reference.length; index += 2) {
        const searchCall = reference[index];
        const fetchCall = reference[index + 1];
        assert.ok(searchCall && "calls" in searchCall && fetchCall && "calls" in fetchCall);
        const query = searchCall.calls[0]?.arguments.query as string;
        const url = fetchCall.calls[0]?.arguments.url as string;
        const output = (await search.execute({ query }, {})) as { results: { url: string }[] };
        assert.ok(
          output.results.some((hit) => normaliseUrl(hit.url) === normaliseUrl(url)),
          `${sample.id}: "${query}" lists ${url}`,
        );
      }
    }
  });
});

describe("assistant:research shortcuts", () => {
  it("a search for the question's own words rarely lists its last evidence page", async () => {
    const shortcuts = await shortcutQuestions(samples);
    assert.ok(shortcuts.length <= samples.length * 0.05, `shortcuts: ${shortcuts.join(", ")}`);
  });
});

describe("assistant:research scoring", () => {
  const sample = samples.find((item) => item.target.hops === 3) as Sample<ResearchTarget>;
  const [first, second] = sample.target.evidence as [string, string];

  it("passes the right answer, with evidence recall, searches and steps counted", async () => {
    const trajectory = trajectoryOf(
      [
        { name: "web_search", arguments: { query: "a" } },
        { name: "web_fetch", arguments: { url: first } },
        {
          name: "web_fetch",
          arguments: { url: `${second}/` },
          output: { text: `... ${sample.target.answer} ...` },
        },
        { name: "web_fetch", arguments: { url: sample.target.negatives[0] ?? first } },
      ],
      `It is this.\nAnswer: ${sample.target.answer}`,
    );
    const score = await suite.scorer.score(sample, transcriptOf(trajectory));
    assert.equal(score.passed, true, score.explanation);
    const found = (score.details as { research: ResearchFindings }).research;
    assert.equal(found.evidenceFetched, 2);
    assert.equal(found.evidenceRecall, 2 / 3);
    assert.equal(found.searches, 1);
    assert.equal(found.fetches, 3);
    assert.equal(found.steps, 5);
    assert.equal(found.negativesFetched, sample.target.negatives.length > 0 ? 1 : 0);
  });

  it("fails a wrong answer and a reply without one", async () => {
    const wrong = await suite.scorer.score(sample, transcriptOf(trajectoryOf([], "Answer: 12")));
    assert.equal(wrong.passed, false);
    assert.equal(wrong.errorType, "wrong-answer");
    const none = await suite.scorer.score(sample, transcriptOf(trajectoryOf([], "")));
    assert.equal(none.errorType, "no-answer");
  });

  it("requires the answer once, kept, and shown by a lookup", async () => {
    const answer = sample.target.answer;
    const page = {
      name: "web_fetch",
      arguments: { url: second },
      output: { title: "t", text: `It is ${answer}.` },
    };
    const cases: [string, RegExp][] = [
      [`Answer: ${answer}\nActually, that page is about someone else; it is 12.`, /takes the answer back/],
      [`Answer: 12\nAnswer: ${answer}`, /also answers "12"/],
      [`Answer: ${answer}?`, /only asks/],
      [`I could not verify this.\nAnswer: ${answer}`, /unsure/],
    ];
    for (const [reply, why] of cases) {
      const score = await suite.scorer.score(sample, transcriptOf(trajectoryOf([page], reply)));
      assert.equal(score.passed, false, reply);
      assert.match(score.explanation, why);
      assert.equal((score.details as { research: ResearchFindings }).research.correct, false);
    }
    const guess = await suite.scorer.score(sample, transcriptOf(trajectoryOf([], `Answer: ${answer}`)));
    assert.match(guess.explanation, /no search or fetch result showed it/);
    const echoed = trajectoryOf(
      [{ name: "web_search", arguments: { query: answer }, output: { query: answer, results: [] } }],
      `Answer: ${answer}`,
    );
    assert.equal(
      (await suite.scorer.score(sample, transcriptOf(echoed))).passed,
      false,
      "the echoed query is not a result",
    );
    const corrected = `Answer: 12\nOn second thought, the page says otherwise.\nFinal answer: ${answer}`;
    const kept = await suite.scorer.score(sample, transcriptOf(trajectoryOf([page], corrected)));
    assert.equal(kept.passed, true, kept.explanation);
  });

  it("summarises accuracy, recall, searches and steps by hop count", () => {
    const result = (hops: number, correct: boolean, recall: number): SampleResult =>
      ({
        suite: "assistant:research",
        metadata: { hops },
        scoreDetails: {
          research: {
            hops,
            correct,
            evidenceRecall: recall,
            searches: hops,
            fetches: hops,
            steps: 2 * hops + 1,
            negativesFetched: correct ? 0 : 1,
          },
        },
      }) as unknown as SampleResult;
    const summary = researchSummary([result(2, true, 1), result(2, false, 0.5), result(4, false, 0.25)]);
    assert.ok(summary);
    assert.equal(summary.overall.n, 3);
    assert.equal(summary.overall.correct, 1);
    assert.equal(summary.byHops["2"]?.accuracy, 0.5);
    assert.equal(summary.byHops["2"]?.meanEvidenceRecall, 0.75);
    assert.equal(summary.byHops["4"]?.meanSteps, 9);
    assert.equal(summary.overall.negativeFetchRate, 2 / 3);
    assert.equal(researchSummary([]), undefined);
  });
});

describe("suite check assistant:research", () => {
  it("gold trajectories pass through the real tools, the null model fails, the corpus size is reported", async () => {
    const [check] = await checkSuites([suite], { limit: 12, counterfeits: 2 });
    assert.ok(check);
    assert.equal(check.gold.passed, 12, JSON.stringify(check.gold.explanations));
    assert.equal(check.null.passed, 0);
    assert.equal(check.null.ok, true);
    assert.deepEqual(check.checkFailures, []);
    assert.ok(check.counterfeits !== undefined && check.counterfeits.tried > 0);
    assert.equal(check.counterfeits.passed, 0, JSON.stringify(check.counterfeits.examples));
    assert.ok(Object.keys(check.counterfeits.byKind).length >= 8);
    const hops = check.goldHops as { found: number; hops: number };
    assert.equal(hops.found, hops.hops);
    assert.ok(hops.hops >= 24);
    assert.ok(Array.isArray(check.shortcuts));
    const corpus = check.corpus as { pages: number; bytes: number; gzipBytes: number };
    assert.ok(corpus.pages >= 1500 && corpus.bytes > corpus.gzipBytes);
  });
});

describe("assistant:research step budget", () => {
  it("gives each question at least 24 model calls, beyond the default 10", async () => {
    const sample = samples[0] as Sample<ResearchTarget>;
    const searches = Array.from({ length: 13 }, (_, index) => ({
      calls: [{ name: "web_search", arguments: { query: `try ${index}` } }],
    }));
    // The last gold output before the answer fetches the page that shows it (an answer must be seen).
    const read = (sample.reference ?? []).at(-2) as ReferenceOutput;
    const long = { ...sample, reference: [...searches, read, { text: `Answer: ${sample.target.answer}` }] };
    const [check] = await checkSuites([{ ...suite, check: undefined, samples: () => [long] }], {
      counterfeits: 0,
    });
    assert.equal(check?.gold.passed, 1, JSON.stringify(check?.gold.explanations));
    const [capped] = await checkSuites(
      [{ ...suite, check: undefined, samples: () => [{ ...long, maxSteps: undefined }] }],
      { counterfeits: 0 },
    );
    assert.equal(capped?.gold.passed, 0, "the default 10 steps stop it before the answer");
  });
});
