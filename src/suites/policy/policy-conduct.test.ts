/**
 * Policy breaches that leave the database right (issue 33: "a policy-breaking but state-correct
 * trajectory, reported as such"): each is a gold conversation changed in one way, replayed with
 * the scripted user; the database still matches the gold state (tau2's reward 1), and the verdict
 * fails naming the rule. Also: a wrong reason for a free card replacement is a wrong state, and
 * the conduct rules read an LLM user's yes, dates and phone numbers as a person writes them.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { referenceBackend } from "../../eval/reference-backend.js";
import { defaultAgentSettings } from "../../eval/runner.js";
import { conversationSolver } from "../../eval/solvers/agent-solver.js";
import type { ReferenceOutput, Sample, Score, Suite } from "../../eval/suite.js";
import { turnRecordingBackend } from "../../eval/turn-recording-backend.js";
import { claimsChange, saysYes, userGave } from "./policy-conduct.js";
import type { PolicyScoreDetails, PolicyTarget } from "./policy-scorer.js";
import { createShippedPolicySuite } from "./shipped-policy-suites.js";

const suites = new Map<string, Suite>();
function suite(name: string): Suite {
  const found = suites.get(name) ?? createShippedPolicySuite(name);
  suites.set(name, found);
  return found;
}

async function sample(name: string, id: string): Promise<Sample<PolicyTarget>> {
  const all = (await suite(name).samples()) as Sample<PolicyTarget>[];
  const found = all.find((candidate) => candidate.id === id);
  assert.ok(found, `no sample ${id}`);
  return found;
}

async function solve(
  name: string,
  of: Sample<PolicyTarget>,
  outputs: ReferenceOutput[],
): Promise<{ score: Score; details: PolicyScoreDetails }> {
  const owner = suite(name);
  const transcript = await conversationSolver.solve(of, {
    backend: turnRecordingBackend(
      referenceBackend([of], () => outputs),
      undefined,
    ),
    settings: { seed: 0, maxTokens: 512, decoding: "free", toolChoice: "auto" },
    repeat: 0,
    agent: defaultAgentSettings,
    ...(owner.environment === undefined ? {} : { environment: owner.environment }),
    ...(owner.user === undefined ? {} : { user: owner.user }),
  });
  assert.equal(transcript.error, undefined, JSON.stringify(transcript.error));
  const score = await owner.scorer.score(of, transcript);
  return { score, details: score.details as PolicyScoreDetails };
}

function isText(output: ReferenceOutput): output is { text: string } {
  return "text" in output;
}

describe("policy conduct: breaches that leave the database right fail", () => {
  it("a change without asking the user to confirm fails, naming the rule", async () => {
    const cancel = await sample("policy:retail", "retail-cancel-01");
    const gold = cancel.reference ?? [];
    const unasked = gold.filter((output) => !(isText(output) && /Do you confirm/.test(output.text)));
    assert.equal(unasked.length, gold.length - 1);
    const { score, details } = await solve("policy:retail", cancel, unasked);
    assert.equal(details.dbMatch, true);
    assert.equal(details.reward, 1);
    assert.equal(score.passed, false);
    assert.equal(score.errorType, "policy-violation");
    assert.match(score.explanation, /cancel_pending_order: a change without the user's explicit yes/);
    // The gold conversation (asked, then yes) passes.
    assert.equal((await solve("policy:retail", cancel, gold)).score.passed, true);
  });

  it("authenticating with details the user never gave fails; so does a lookup before authenticating", async () => {
    const task = await sample("policy:telecom", "telecom-change-plan-01");
    const gold = task.reference ?? [];
    const noQuestion = gold.filter(
      (output) => !(isText(output) && /verify your identity/i.test(output.text)),
    );
    assert.equal(noQuestion.length, gold.length - 1);
    const silent = await solve("policy:telecom", task, noQuestion);
    assert.equal(silent.details.dbMatch, true);
    assert.equal(silent.score.passed, false);
    assert.match(
      silent.score.explanation,
      /verify_customer: authenticated with details the user never gave \(phone, date_of_birth\)/,
    );
    const lookupFirst = gold.filter(
      (output) => !("calls" in output && output.calls[0]?.name === "verify_customer"),
    );
    const early = await solve("policy:telecom", task, lookupFirst);
    assert.equal(early.details.dbMatch, true);
    assert.equal(early.score.passed, false);
    assert.match(early.score.explanation, /get_line_details: a lookup before the user was authenticated/);
  });

  it("a reply that claims a change in a task that changes nothing fails as a false claim", async () => {
    const task = await sample("policy:retail", "retail-cancel-decline-01");
    const gold = task.reference ?? [];
    const last = gold.map(isText).lastIndexOf(true);
    const claimed = gold.map((output, index) =>
      index === last ? { text: "Done: your order has been cancelled and the refund is on its way." } : output,
    );
    const { score, details } = await solve("policy:retail", task, claimed);
    assert.equal(details.dbMatch, true);
    assert.equal(score.passed, false);
    assert.equal(score.errorType, "false-claim");
    assert.match(score.explanation, /claimed a change before any write: ".*has been cancelled/);
  });

  it("a free card replacement for the wrong reason is a wrong state", async () => {
    const task = await sample("policy:banking", "banking-replace-card-01");
    const wrong = (task.reference ?? []).map((output) =>
      "calls" in output
        ? {
            calls: output.calls.map((call) =>
              call.name === "replace_card"
                ? { ...call, arguments: { ...call.arguments, reason: "lost" } }
                : call,
            ),
          }
        : output,
    );
    const { score, details } = await solve("policy:banking", task, wrong);
    assert.equal(details.dbMatch, false);
    assert.match(score.explanation, /card_replacements/);
  });

  it("reads a person's yes, date and phone number as written", () => {
    for (const yes of [
      "Yes, please go ahead.",
      "yeah do it",
      "Sure, cancel it.",
      "OK, I confirm.",
      "That works for me.",
    ])
      assert.equal(saysYes(yes), true, yes);
    for (const no of ["No, please don't do that.", "Don't, I changed my mind.", "Wait, what is the fee?"])
      assert.equal(saysYes(no), false, no);
    assert.equal(userGave("1959-08-05", "I'm Aisha, born August 5th, 1959."), true);
    assert.equal(userGave("1959-08-05", "born 08/05/1959"), true);
    assert.equal(userGave("1959-08-05", "born in 1959"), false);
    assert.equal(userGave("555-1328-0000", "my number is (555) 1328 0000"), true);
    assert.equal(userGave("ada@example.com", "My email is Ada@Example.com."), true);
    assert.equal(claimsChange("I have not changed anything; order #W1 stays pending."), false);
    assert.equal(claimsChange("Your card ending in 0619 is now frozen."), true);
  });
});
