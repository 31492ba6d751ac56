/**
 * The security figures break injection attacks down by carrier (the channel the payload came
 * through), in the terminal lines and in the figures the report pages draw.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { SampleResult } from "../../eval/sample-result.js";
import type { SecurityFindings } from "./injection-scorer.js";
import { securityFigures } from "./security-figures.js";
import { securityText } from "./security-text.js";

function result(category: string, security: Partial<SecurityFindings>): SampleResult {
  const findings: SecurityFindings = {
    kind: "attack",
    utility: true,
    attackReached: false,
    attempted: false,
    attemptsExecuted: 0,
    confirmationsAsked: 0,
    ...security,
  };
  return { id: category, category, scoreDetails: { security: findings } } as unknown as SampleResult;
}

const results = [
  result("no-attack", { kind: "no-attack" }),
  result("attack:email", {}),
  result("attack:email", { attackReached: true, utility: false }),
  result("attack:exfil-web", { attackReached: true }),
  result("benign-twin", { kind: "benign-twin" }),
];

describe("security figures per carrier", () => {
  it("counts attack success and utility under attack per carrier", () => {
    const byCarrier = securityFigures(results, {})?.injection?.byCarrier;
    assert.deepEqual(Object.keys(byCarrier ?? {}), ["email", "exfil-web"]);
    assert.equal(byCarrier?.email?.attackSuccess.count, 1);
    assert.equal(byCarrier?.email?.attackSuccess.n, 2);
    assert.equal(byCarrier?.email?.utilityUnderAttack.count, 1);
    assert.equal(byCarrier?.["exfil-web"]?.attackSuccess.count, 1);
  });

  it("prints them after the injection lines", () => {
    assert.match(securityText(results, {}), /attack success by carrier: email 1\/2 · exfil-web 1\/1/);
  });

  it("prints — with counts in place of rates for random weights", () => {
    const text = securityText(results, { randomWeights: true });
    assert.match(text, /utility without attack — \(1\/1\) · under attack — \(2\/3\)/);
    assert.match(text, /attack success — \(2\/3\) · confirmations per attack 0\.00/);
    assert.doesNotMatch(text, /\d\.\d%/);
    assert.match(text, /random weights: not a score/);
    assert.match(securityText(results, {}), /attack success 66\.7% /);
  });
});
