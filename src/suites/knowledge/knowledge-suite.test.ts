import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { buildWebCorpus, loadWebCorpus, normaliseUrl, type WebPage } from "../../assistant/web-corpus.js";
import { nullModelReply, referenceBackend } from "../../eval/reference-backend.js";
import { ResultStore } from "../../eval/result-store.js";
import { planRun } from "../../eval/run-plan.js";
import { runSamples } from "../../eval/runner.js";
import type { Sample, Transcript } from "../../eval/suite.js";
import { checkSuites } from "../../eval/suite-check.js";
import type { TrajectoryEvent } from "../../eval/trajectory.js";
import { SeededRandom } from "../../stats/seeded-random.js";
import { knowledgeLookupSummary } from "./knowledge-lookup.js";
import { parseKnowledgeQuestions, readKnowledgeQuestions } from "./knowledge-questions.js";
import { type KnowledgeTarget, scoreKnowledge } from "./knowledge-scorer.js";
import { createKnowledgeSuite, knowledgeDataPath, knowledgeReference } from "./knowledge-suite.js";

const target: KnowledgeTarget = { answers: ["Canberra"], half: "common", topic: "capitals" };

function transcript(events: TrajectoryEvent[]): Transcript {
  return { request: { messages: [] }, turns: [], trajectory: { events } } as unknown as Transcript;
}

function model(content: string): TrajectoryEvent {
  return {
    type: "model",
    turn: 0,
    step: 0,
    rawText: content,
    content,
    calls: [],
    parseErrors: [],
    cached: false,
  };
}

function tool(name: string, output: unknown, ok = true): TrajectoryEvent {
  return {
    type: "tool",
    turn: 0,
    step: 0,
    call: { name, arguments: {} },
    decisions: [],
    outcome: ok ? { ok: true, output } : { ok: false, error: { type: "precondition", message: "no page" } },
  };
}

/** Pages unrelated to the questions: sentences of the shipped non-knowledge pages, recombined. */
function unrelatedPages(pages: readonly WebPage[], count: number): WebPage[] {
  const random = new SeededRandom(7);
  const others = pages.filter((page) => !(page.tags ?? []).includes("knowledge"));
  const sentences = others.flatMap((page) => page.text.split(/(?<=[.!?])\s+/));
  return Array.from({ length: count }, (_, index) => {
    const title = random.pick(others).title;
    return {
      url: `https://filler.example.com/page-${index}`,
      title: `${title} (${index})`,
      category: random.pick(others).category,
      text: Array.from({ length: random.int(3, 12) }, () => random.pick(sentences)).join(" "),
    };
  });
}

describe("assistant:knowledge", () => {
  it("has 100 questions, half made-up local facts, half common knowledge, each on its own tagged page", () => {
    const corpus = loadWebCorpus();
    const { questions } = readKnowledgeQuestions(knowledgeDataPath(), corpus);
    assert.equal(questions.length, 100);
    assert.equal(questions.filter((question) => question.category === "local").length, 50);
    assert.equal(questions.filter((question) => question.category === "common").length, 50);
    for (const question of questions) {
      const page = corpus.byUrl.get(normaliseUrl(question.url));
      assert.ok(page?.tags?.includes("knowledge"), `${question.id}: its page is a knowledge page`);
      assert.ok(
        page?.tags?.includes(question.category),
        `${question.id}: its page is tagged ${question.category}`,
      );
    }
    const suite = createKnowledgeSuite();
    const samples = suite.samples() as Sample<KnowledgeTarget>[];
    assert.deepEqual(
      samples.slice(0, 4).map((sample) => sample.category),
      ["local", "common", "local", "common"],
      "the halves alternate, so --limit keeps them even",
    );
    assert.deepEqual(
      samples[0]?.tools.map((definition) => definition.name),
      ["web_search", "web_fetch"],
    );
  });

  it("rejects questions whose page is missing or does not state the answer, naming the line", () => {
    const corpus = buildWebCorpus([
      { url: "https://openfacts.example.org/wiki/X", title: "X", category: "encyclopedia", text: "X is 5." },
    ]);
    const line = {
      id: "q",
      category: "common",
      topic: "t",
      question: "What is X?",
      answer: "6",
      aliases: [],
      url: "https://www.openfacts.example.org/wiki/X",
      query: "X",
      fetch: false,
    };
    assert.throws(
      () => parseKnowledgeQuestions(`\n${JSON.stringify(line)}\n`, "k.jsonl", corpus),
      /k\.jsonl:2: the page .* does not state "6"/,
    );
    assert.throws(
      () =>
        parseKnowledgeQuestions(
          JSON.stringify({ ...line, url: "https://nowhere.example/x" }),
          "k.jsonl",
          corpus,
        ),
      /k\.jsonl:1: no page https:\/\/nowhere\.example\/x/,
    );
    assert.throws(() => parseKnowledgeQuestions('{"id": 1}', "k.jsonl", corpus), /k\.jsonl:1:/);
    assert.equal(
      parseKnowledgeQuestions(JSON.stringify({ ...line, answer: "5" }), "k.jsonl", corpus).length,
      1,
    );
  });

  it("classifies a trajectory as looked up only when a result showed the answer", () => {
    const search = tool("web_search", {
      query: "capital of Australia Canberra",
      results: [
        { url: "https://x.example/canberra", title: "Australia", snippet: "Its capital city is Canberra." },
      ],
    });
    const echoOnly = tool("web_search", {
      query: "capital of Australia Canberra",
      results: [{ url: "https://x.example/canberra", title: "Sydney guide", snippet: "Harbour views." }],
    });
    const fetched = tool("web_fetch", { url: "u", title: "Australia", text: "The capital is Canberra." });
    const failed = tool("web_fetch", undefined, false);
    const cases: [TrajectoryEvent[], boolean, boolean][] = [
      [[search, model("Canberra.")], true, true],
      [[echoOnly, model("Canberra.")], true, false],
      [[echoOnly, fetched, model("It is Canberra")], true, true],
      [[failed, model("Sydney")], false, false],
      [[model("The capital of Australia is Canberra.")], true, false],
      [[search, model("I could not find it.")], false, true],
    ];
    for (const [events, correct, lookedUp] of cases) {
      const score = scoreKnowledge(target, transcript(events));
      const findings = (score.details as { knowledge: { correct: boolean; lookedUp: boolean } }).knowledge;
      assert.equal(score.passed, correct, score.explanation);
      assert.equal(findings.correct, correct);
      assert.equal(findings.lookedUp, lookedUp, score.explanation);
    }
    assert.equal(
      scoreKnowledge(target, transcript([tool("web_search", {}), model("")])).errorType,
      "no-answer",
    );
    const harness = { ...transcript([]), error: { code: "backend", message: "down" } };
    assert.equal(scoreKnowledge(target, harness).errorType, "harness");
  });

  it("requires one committed answer: denials, hedges, alternatives, lists and near numbers fail", () => {
    const japan: KnowledgeTarget = { answers: ["Tokyo"], half: "common", topic: "capitals" };
    const cases: [KnowledgeTarget, string, RegExp][] = [
      [japan, "It is not Tokyo; the capital of Japan is Kyoto.", /denies it/],
      [japan, "It might be Tokyo.", /hedges \("might"\)/],
      [japan, "Tokyo or Kyoto.", /offers alternatives/],
      [japan, "Osaka, Tokyo, Kyoto.", /lists it among candidates/],
      [japan, "Tokyo. Actually, no: it is Kyoto.", /takes it back/],
      [{ answers: ["7", "seven"], half: "common", topic: "chemistry" }, "The pH is 7.5.", /lacks "7"/],
    ];
    for (const [goal, reply, why] of cases) {
      const score = scoreKnowledge(goal, transcript([model(reply)]));
      assert.equal(score.passed, false, reply);
      assert.match(score.explanation, why);
      const findings = (score.details as { knowledge: { correct: boolean } }).knowledge;
      assert.equal(findings.correct, false);
    }
    const kept = scoreKnowledge(
      japan,
      transcript([model("It is not Kyoto; the capital of Japan is Tokyo.")]),
    );
    assert.equal(kept.passed, true, kept.explanation);
  });

  it("passes suite check: gold all correct and looked up, the null model and a memory oracle as they should", async () => {
    const [check] = await checkSuites([createKnowledgeSuite()], { concurrency: 4 });
    assert.ok(check !== undefined);
    assert.equal(check.samples, 100);
    assert.equal(check.gold.passed, 100, JSON.stringify(check.gold.explanations));
    assert.equal(check.null.passed, 0);
    assert.deepEqual(check.checkFailures, []);
    assert.ok(check.counterfeits !== undefined && check.counterfeits.tried > 0);
    assert.equal(check.counterfeits.passed, 0, JSON.stringify(check.counterfeits.examples));
    assert.ok(Object.keys(check.counterfeits.byKind).length >= 7, "denial, hedge, two answers, lists, ...");
    assert.deepEqual(check.lookup, {
      goldQueryRanksFirst: 100,
      memoryOracle: { samples: 100, correct: 100, lookedUp: 0 },
    });
  });

  it("gold queries still rank their page first with 1,200 unrelated pages added", () => {
    const shipped = loadWebCorpus();
    const corpus = buildWebCorpus([...shipped.pages, ...unrelatedPages(shipped.pages, 1200)]);
    const { questions } = readKnowledgeQuestions(knowledgeDataPath(), corpus);
    const misses = questions.filter((question) => {
      const [first] = corpus.index.search(question.query, 1);
      return (
        first === undefined ||
        normaliseUrl(corpus.pages[first.index]?.url ?? "") !== normaliseUrl(question.url)
      );
    });
    assert.deepEqual(
      misses.map((question) => question.id),
      [],
    );
  });

  it("reports accuracy with and without lookup per half", async () => {
    const suite = createKnowledgeSuite();
    const items = await planRun([suite], { limit: 8 });
    const samples = items.map((item) => item.sample);
    const questions = new Map(
      readKnowledgeQuestions(knowledgeDataPath(), loadWebCorpus()).questions.map((question) => [
        question.id,
        question,
      ]),
    );
    // Samples alternate local, common: 0-3 gold, 4-5 correct from memory, 6-7 refuse.
    const backend = referenceBackend(samples, (sample) => {
      const index = samples.indexOf(sample);
      const question = questions.get(sample.id);
      if (question === undefined) return undefined;
      if (index < 4) return knowledgeReference(question);
      if (index < 6) return [{ text: question.answer }];
      return [{ text: nullModelReply }];
    });
    const folder = mkdtempSync(join(tmpdir(), "edgecall-knowledge-"));
    const store = ResultStore.open(join(folder, "results.sqlite"));
    try {
      await runSamples({
        backend,
        items,
        store,
        settings: { seed: 0, maxTokens: 256, decoding: "free", toolChoice: "auto" },
      });
      const figures = knowledgeLookupSummary(store.all());
      assert.ok(figures !== undefined);
      assert.equal(figures.overall.attempts, 8);
      assert.equal(figures.overall.accuracy.count, 6);
      assert.equal(figures.overall.lookupRate.count, 4);
      assert.equal(figures.overall.accuracyWithLookup.rate, 1);
      assert.deepEqual(
        [figures.overall.accuracyWithoutLookup.count, figures.overall.accuracyWithoutLookup.n],
        [2, 4],
      );
      for (const half of [figures.local, figures.common]) {
        assert.ok(half !== undefined);
        assert.deepEqual([half.attempts, half.accuracy.count, half.lookupRate.count], [4, 3, 2]);
        assert.deepEqual([half.accuracyWithoutLookup.count, half.accuracyWithoutLookup.n], [1, 2]);
        assert.ok(half.accuracy.ci95[0] < 0.75 && half.accuracy.ci95[1] > 0.75);
      }
    } finally {
      store.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
