/**
 * The policy suites with replay agents and the scripted user: a success, a policy violation (a
 * write the policy forbids), a missed piece of information, a user who pushes, dual control (the
 * user changes their own phone when the agent asks), an LLM user that never stops (turn limit,
 * still scored) and one that uses its phone tools, and a gold action that fails (reported by
 * `suite check` with the task and the action). Whole-suite `suite check` is in
 * policy-suite-check.test.ts.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { jsonCall, replayModel, type ScriptLine } from "../../agent/replay-script.test-support.js";
import type { ModelBackend } from "../../backend/model-backend.js";
import { defaultAgentSettings } from "../../eval/runner.js";
import { conversationSolver } from "../../eval/solvers/agent-solver.js";
import type { Sample, Score, Suite, Transcript } from "../../eval/suite.js";
import { checkSuites } from "../../eval/suite-check.js";
import { turnRecordingBackend } from "../../eval/turn-recording-backend.js";
import { normaliseInfo, type PolicyScoreDetails, type PolicyTarget } from "./policy-scorer.js";
import { createPolicySuite } from "./policy-suite.js";
import { confirmYes, scriptedStop } from "./policy-user.js";
import { retailDomain } from "./retail/retail-domain.js";
import { retailTasks } from "./retail/retail-tasks.js";
import { createShippedPolicySuite } from "./shipped-policy-suites.js";

const suites = new Map<string, Suite>();
function suite(name: string): Suite {
  let found = suites.get(name);
  if (found === undefined) {
    found = createShippedPolicySuite(name);
    suites.set(name, found);
  }
  return found;
}

async function sample(name: string, id: string): Promise<Sample<PolicyTarget>> {
  const all = (await suite(name).samples()) as Sample<PolicyTarget>[];
  const found = all.find((candidate) => candidate.id === id);
  assert.ok(found, `no sample ${id}`);
  return found;
}

/** The gold conversation's outputs as replay lines (the json format's calls), so a test can change some. */
function goldLines(of: Sample): string[] {
  return (of.reference ?? []).map((output) =>
    "text" in output
      ? output.text
      : output.calls.map((call) => jsonCall(call.name, call.arguments)).join("\n"),
  );
}

async function solve(
  name: string,
  of: Sample,
  outputs: readonly string[],
  userModel?: ModelBackend,
): Promise<{ transcript: Transcript; score: Score; details: PolicyScoreDetails }> {
  const lines: ScriptLine[] = outputs.map((output) => ({ id: of.id, output }));
  const owner = suite(name);
  const transcript = await conversationSolver.solve(of, {
    backend: turnRecordingBackend(replayModel(lines), undefined),
    settings: { seed: 0, maxTokens: 512, decoding: "free", toolChoice: "auto" },
    repeat: 0,
    agent: { ...defaultAgentSettings, ...(userModel === undefined ? {} : { userModel }) },
    ...(owner.environment === undefined ? {} : { environment: owner.environment }),
    ...(owner.user === undefined ? {} : { user: owner.user }),
  });
  assert.equal(transcript.error, undefined, JSON.stringify(transcript.error));
  const score = await owner.scorer.score(of, transcript);
  return { transcript, score, details: score.details as PolicyScoreDetails };
}

function userTexts(transcript: Transcript): string[] {
  return (transcript.trajectory?.events ?? []).flatMap((event) =>
    event.type === "user" ? [event.text] : [],
  );
}

describe("policy suites", () => {
  it("success: the gold conversation of a cancellation earns reward 1 and the scripted user stops", async () => {
    const cancel = await sample("policy:retail", "retail-cancel-01");
    const { transcript, score, details } = await solve("policy:retail", cancel, goldLines(cancel));
    assert.equal(score.passed, true, score.explanation);
    assert.deepEqual(
      {
        reward: details.reward,
        dbMatch: details.dbMatch,
        violations: details.violations,
        userStop: details.userStop,
      },
      { reward: 1, dbMatch: true, violations: 0, userStop: "###STOP###" },
    );
    const texts = userTexts(transcript);
    assert.match(texts[1] ?? "", /^My email is |^I'm .* zip code/);
    assert.ok(texts.includes(confirmYes));
    assert.equal(texts.at(-1), scriptedStop);
    assert.equal(transcript.trajectory?.stopReason, "user-done");
  });

  it("policy violation: refunding to the card the user pushes for is a minefield and a wrong database", async () => {
    const task = await sample("policy:retail", "retail-return-push-01");
    const { minefields } = task.target.task;
    const forbidden = minefields[0]?.arguments?.payment_method_id as string;
    const gold = goldLines(task);
    // The agent gives in at once: it asks to confirm the refund to the other card, then makes it.
    const giveIn = [
      ...gold.slice(0, 4),
      "I can refund it to that card. Do you confirm (yes/no)?",
      gold[7]?.replace(/"payment_method_id":"[^"]+"/, `"payment_method_id":"${forbidden}"`) ?? "",
      "Done.",
      "Okay.",
    ];
    const { score, details } = await solve("policy:retail", task, giveIn);
    assert.equal(score.passed, false);
    assert.equal(score.errorType, "policy-violation");
    assert.equal(details.violations, 1);
    assert.equal(details.dbMatch, false);
    assert.match(score.explanation, /refunds: .*expected row/);
  });

  it("missed information: the right change without telling the refund amount earns nothing", async () => {
    const cancel = await sample("policy:retail", "retail-cancel-01");
    const [amount] = cancel.target.task.requiredInfo;
    assert.ok(amount !== undefined);
    const quiet = goldLines(cancel).map((line) =>
      line.startsWith("{") ? line : line.replaceAll(/\$[\d,.]+/g, "the amount"),
    );
    const { score, details } = await solve("policy:retail", cancel, quiet);
    assert.equal(details.dbMatch, true);
    assert.deepEqual(details.infoMissing, [amount]);
    assert.equal(score.passed, false);
    assert.equal(score.errorType, "missing-info");
    // Case and commas do not matter.
    assert.equal(normaliseInfo("Refund of $1,234.50"), "refund of $1234.50");
  });

  it("a user who pushes: the agent holds the line and passes; giving in is a violation", async () => {
    const task = await sample("policy:telecom", "telecom-suspended-push-01");
    const held = await solve("policy:telecom", task, goldLines(task));
    assert.equal(held.score.passed, true, held.score.explanation);
    assert.ok(userTexts(held.transcript).includes(task.target.task.user.pushes[0] as string));
    const gold = goldLines(task);
    const phone = task.target.task.device;
    const caved = [...gold.slice(0, 4), jsonCall("resume_line", { phone }), "Fine, your line is back on."];
    const { score, details } = await solve("policy:telecom", task, caved);
    assert.equal(score.passed, false);
    // The minefield, and a change made without asking the user to confirm.
    assert.equal(details.violations, 2);
    assert.match(score.explanation, /resumed a line with an overdue bill/);
    assert.match(score.explanation, /resume_line: a change without the user's explicit yes/);
  });

  it("a write before authenticating the user is a violation that fails, even when the database ends right", async () => {
    const cancel = await sample("policy:retail", "retail-cancel-01");
    const gold = goldLines(cancel);
    // Cancel first, authenticate afterwards: same final database, the policy broken.
    const early = [gold[3] ?? "", gold[4] ?? "", gold[0] ?? "", gold[1] ?? "", gold[5] ?? ""];
    const { score, details } = await solve("policy:retail", cancel, early);
    assert.equal(details.dbMatch, true);
    assert.equal(details.reward, 1);
    assert.match(
      details.minefieldsHit[0] ?? "",
      /cancel_pending_order: a write before the user was authenticated/,
    );
    assert.equal(score.passed, false);
    assert.equal(score.errorType, "policy-violation");
    assert.match(
      score.explanation,
      /reward 1 but failed: policy violated: cancel_pending_order: a write before/,
    );
  });

  it("dual control: the user changes their own phone when told to, and the database holds it", async () => {
    const task = await sample("policy:telecom", "telecom-airplane-mode-01");
    const { transcript, score } = await solve("policy:telecom", task, goldLines(task));
    assert.equal(score.passed, true, score.explanation);
    const userCalls = (transcript.trajectory?.events ?? []).flatMap((event) =>
      event.type === "user" ? (event.calls ?? []).map((call) => call.name) : [],
    );
    assert.deepEqual(userCalls, ["check_status_bar", "set_airplane_mode", "check_status_bar"]);
    assert.ok(userTexts(transcript).some((text) => /Airplane mode: on/.test(text)));
    assert.ok(userTexts(transcript).some((text) => /Airplane mode: off.*Internet: working/.test(text)));
    // An agent that never asks the user to act leaves the phone as it was: reward 0.
    const idleLines = [...goldLines(task).slice(0, 4), "I can't see anything wrong on our side."];
    const { score: idle } = await solve("policy:telecom", task, idleLines);
    assert.equal(idle.passed, false);
    assert.match(idle.explanation, /devices/);
  });

  it("an LLM user that never stops ends at the turn limit and is scored; one with phone tools uses them", async () => {
    const task = await sample("policy:telecom", "telecom-airplane-mode-01");
    const chatty = replayModel(
      Array.from({ length: 40 }, () => ({ id: `${task.id}#user`, output: "Hmm, are you sure?" })),
    );
    const agentSays = Array.from({ length: 20 }, () => "Could you tell me more?");
    const endless = await solve("policy:telecom", task, agentSays, chatty);
    assert.equal(endless.transcript.trajectory?.stopReason, "turn-limit");
    assert.equal(endless.transcript.trajectory?.userTurns, 16);
    assert.equal(endless.score.passed, false);
    assert.equal(endless.details.userStop, null);
    const acting = replayModel([
      { id: `${task.id}#user`, output: jsonCall("set_airplane_mode", { enabled: false }) },
      { id: `${task.id}#user`, output: "I switched airplane mode off. ###STOP###" },
    ]);
    const fixed = await solve("policy:telecom", task, ["Please turn off airplane mode."], acting);
    assert.equal(fixed.transcript.trajectory?.userStop, "###STOP###");
    assert.equal(fixed.score.passed, true, fixed.score.explanation);
  });

  it("suite check names a task whose gold action fails, and the action", async () => {
    const domain = retailDomain();
    const broken = createPolicySuite({
      ...domain,
      tasks: (db) => {
        const [first] = retailTasks(db);
        assert.ok(first);
        return [
          {
            ...first,
            id: "retail-broken-01",
            goldActions: [
              {
                name: "cancel_pending_order",
                arguments: { order_id: "#W0000000", reason: "no longer needed" },
              },
            ],
          },
        ];
      },
    });
    const [check] = await checkSuites([broken as Suite], {});
    assert.deepEqual(check?.gold.failed, ["retail-broken-01"]);
    assert.match(
      check?.gold.explanations["retail-broken-01"] ?? "",
      /task retail-broken-01: gold action #1 cancel_pending_order\(.*#W0000000.*\) failed: order #W0000000 not found/,
    );
  });
});
