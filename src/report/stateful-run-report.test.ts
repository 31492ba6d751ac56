/**
 * report.html of agent and conversation samples (a stateful run through the conversation
 * solver): request, milestones, trajectory, guard decisions and marks; hostile and runaway
 * trajectories kept inert and bounded; results written before these fields were recorded.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { before, describe, it } from "node:test";
import { readRunData } from "./run-data.js";
import { renderRunReport, writeRunReport } from "./run-report.js";
import { embeddedData, scriptedRunFixture } from "./run-report-fixture.test-support.js";
import type { SampleView } from "./sample-view.js";
import { createStatefulRun, eventfulStatefulResult, hostileText } from "./stateful-run.test-support.js";
import type { EventView } from "./trajectory-view.js";

/** The scripted single-call run, whose results have no expected outcome or trajectory recorded. */
const { scratch, runDirectory } = scriptedRunFixture("edgecall-report-stateful-");

describe("report.html of agent and conversation samples", () => {
  let statefulDirectory = "";

  before(async () => {
    statefulDirectory = await createStatefulRun(join(scratch, "stateful"), "reference");
  });

  function row(html: string, id: string): SampleView {
    const found = embeddedData(html).rows.find((view) => view.id === id);
    assert.ok(found, `${id} is on the page`);
    return found;
  }

  it("shows a stateful sample's request, milestones in order, trajectory, guard decisions and marks", () => {
    const html = readFileSync(writeRunReport(statefulDirectory), "utf8");
    const sam = row(html, "t_sam");
    assert.equal(sam.solver, "conversation");
    assert.equal(sam.request?.text, "Email Sam that I'll be ten minutes late to the design review.");
    assert.equal(sam.expected?.kind, "stateful");
    if (sam.expected?.kind !== "stateful") return;
    assert.deepEqual(
      sam.expected.milestones.map((item) => [item.id, item.after]),
      [
        ["asked", []],
        ["sent", ["asked"]],
      ],
    );
    assert.match(sam.expected.milestones[1]?.check ?? "", /"row":"emails","change":"added"/);
    assert.deepEqual(
      sam.expected.minefields.map((item) => [item.id, item.hitAt]),
      [["wrong-sam", null]],
    );
    assert.deepEqual(sam.expected.reference[2], {
      calls: [
        {
          name: "email_send",
          arguments:
            '{"to":["sam.patel@northwind.example.com"],"subject":"Running late","body":"I\'ll be ten minutes late to the design review."}',
          loose: ["subject", "body"],
        },
      ],
    });
    const trajectory = sam.trajectory;
    assert.ok(trajectory);
    assert.deepEqual(
      trajectory.events.map((event) => event.type),
      ["user", "model", "tool", "model", "end", "user", "model", "tool", "model", "end"],
    );
    assert.equal(trajectory.confirmationsAsked, 1);
    const send = trajectory.events[7];
    assert.ok(send?.type === "tool");
    assert.equal(send.call.name, "email_send");
    assert.ok(
      send.decisions.some(
        (decision) => decision.guard === "confirmation" && decision.verdict === "confirmed",
      ),
    );
    assert.deepEqual(send.confirmation, { approved: true, by: "scripted-user" });
    assert.ok(send.outcome?.ok && send.outcome.output.text.includes("msg-"));
    // Marks: each milestone next to the event that reached it, matching the expected table.
    for (const milestone of sam.expected.milestones) {
      assert.equal(typeof milestone.reachedAt, "number");
      const event: EventView | undefined = trajectory.events[milestone.reachedAt as number];
      assert.deepEqual(
        event?.marks?.reached.map((mark) => mark.id),
        [milestone.id],
      );
    }
    assert.equal(trajectory.events[3]?.type, "model", "asking which Sam is a reply");
    // The category table carries the agent figures (summary.json's agent block).
    assert.match(
      html,
      /<th class="num">progress<\/th><th class="num">user turns<\/th><th class="num">steps<\/th>/,
    );
    assert.match(
      html,
      /<td>assistant:stateful \/ disambiguation<\/td>(<td class="num">[^<]*<\/td>){10}<td class="num">100\.0%<\/td><td class="num">2\.0<\/td><td class="num">4\.0<\/td><td class="num">2\.0<\/td><td class="num">1<\/td><\/tr>/,
    );
    assert.match(html, /<td>overall<\/td>(<td class="num">[^<]*<\/td>){10}<td class="num">100\.0%<\/td>/);
  });

  it("shows progress (a score) as — on random weights; the other agent figures stay", () => {
    const run = readRunData(statefulDirectory);
    run.eval!.record.model.randomWeights = true;
    const html = renderRunReport(run);
    assert.match(
      html,
      /<td>assistant:stateful \/ disambiguation<\/td>(<td class="num"[^>]*>[^<]*<\/td>){10}<td class="num" title="random weights: not a score">—<\/td><td class="num">2\.0<\/td><td class="num">4\.0<\/td><td class="num">2\.0<\/td><td class="num">1<\/td><\/tr>/,
    );
  });

  it("keeps hostile trajectory text inert, cuts long outputs and bounds a sample's size", () => {
    const run = readRunData(statefulDirectory);
    const results = run.eval!.results;
    const index = results.findIndex((result) => result.id === "t_sam");
    const eventful = eventfulStatefulResult(results[index]!);
    results[index] = eventful;
    const html = renderRunReport(run);
    assert.doesNotMatch(html, /<script>alert|<b id="injected"|<img src=x/);
    const sam = row(html, "t_sam");
    assert.equal(sam.request?.text, hostileText);
    const events = sam.trajectory?.events ?? [];
    const step = events[1];
    assert.ok(step?.type === "model");
    assert.equal(step.content.text, hostileText);
    assert.deepEqual(
      step.parseErrors.map((error) => error.type),
      ["truncated"],
    );
    const blocked = events[3];
    assert.ok(blocked?.type === "tool");
    assert.deepEqual(
      blocked.decisions.map((decision) => [decision.guard, decision.verdict]),
      [
        ["schema", "pass"],
        ["precondition", "block"],
      ],
    );
    assert.deepEqual(
      blocked.marks?.hit.map((mark) => mark.id),
      ["wrong-sam"],
    );
    const declined = events[4];
    assert.ok(declined?.type === "tool");
    assert.deepEqual(declined.confirmation, { approved: false, by: "scripted-user" });
    assert.equal(declined.skipped, "declined at confirmation");
    const read = events[5];
    assert.ok(read?.type === "tool" && read.outcome?.ok);
    assert.equal(read.call.calledAs, "tool_abcd");
    assert.equal(read.outcome.output.text.length, 4000, "a long output is cut to 4,000 characters");
    assert.ok((read.outcome.output.cut ?? 0) > 16_000, "and says how much was left out");
    assert.deepEqual(
      sam.trajectory?.atStart?.reached.map((mark) => mark.id),
      ["asked"],
      "a milestone that held from the start",
    );
    if (sam.expected?.kind === "stateful")
      assert.deepEqual(
        sam.expected.minefields.map((item) => [item.id, item.hitAt]),
        [["wrong-sam", 3]],
      );

    // A runaway trajectory: 1,000 events of 10,000 characters each stays bounded on the page.
    const many = Array.from({ length: 1000 }, (_, turn) => ({
      type: "user" as const,
      turn,
      text: "x".repeat(10_000),
      by: "script" as const,
    }));
    results[index] = {
      ...eventful,
      trajectory: { ...eventful.trajectory!, events: many },
      scoreDetails: {
        progress: 0,
        milestones: [{ id: "late", description: "late", reachedAt: 900 }],
        minefields: [],
      },
    };
    const bounded = row(renderRunReport(run), "t_sam");
    assert.equal(bounded.trajectory?.events.length, 300);
    assert.equal(bounded.trajectory?.omittedEvents, 700);
    assert.deepEqual(
      bounded.trajectory?.inOmitted?.reached.map((mark) => mark.id),
      ["late"],
    );
    const size = JSON.stringify(bounded).length;
    assert.ok(size < 200_000, `the sample embeds ${size} characters`);
  });

  it("renders a result written before requests, expected outcomes and trajectories were recorded", () => {
    const run = readRunData(statefulDirectory);
    const legacy = run.eval!.results.map((result) => {
      const {
        solver: _solver,
        request: _request,
        expected: _expected,
        modelCalls: _modelCalls,
        trajectory: _trajectory,
        worldHash: _worldHash,
        scoreDetails: _scoreDetails,
        ...old
      } = result;
      return old;
    });
    run.eval!.results = legacy;
    for (const category of run.eval!.summary.categories) delete category.agent;
    const html = renderRunReport(run);
    const view = row(html, "t_sam");
    assert.equal(view.recorded, false);
    assert.equal(view.solver, "single-call");
    assert.equal(view.request, null);
    assert.equal(view.expected, null);
    assert.equal(view.trajectory, null);
    assert.doesNotMatch(html, /<th class="num">progress<\/th>/, "no agent columns without agent results");
    // A summary.json from before agent figures, over results that have trajectories: computed from them.
    const current = readRunData(statefulDirectory);
    for (const category of current.eval!.summary.categories) delete category.agent;
    assert.match(
      renderRunReport(current),
      /<td>assistant:stateful \/ disambiguation<\/td>(<td class="num">[^<]*<\/td>){10}<td class="num">100\.0%<\/td><td class="num">2\.0<\/td>/,
    );
    // The stub run's single-call results show their expected outcome as not recorded.
    const stub = row(renderRunReport(readRunData(runDirectory)), "single_1");
    assert.equal(stub.expected, null);
    assert.equal(stub.trajectory, null);
  });
});
