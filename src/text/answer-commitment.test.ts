import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { answerCommitment } from "./answer-commitment.js";

const cases: [string, string[], string | true][] = [
  // Committed answers, in the forms models give them.
  ["Tokyo.", ["Tokyo"], true],
  ["The capital of Japan is Tokyo (source: https://openfacts.example.org/wiki/Japan).", ["Tokyo"], true],
  ["It is not Kyoto; the capital of Japan is Tokyo.", ["Tokyo"], true],
  ["Tokyo, not Kyoto, is the capital of Japan.", ["Tokyo"], true],
  ["Copperleaf Bicycle Works is not open on Wednesdays.", ["Wednesday", "Wednesdays"], true],
  ["No, the capital of Australia is Canberra.", ["Canberra"], true],
  ["The capital is Sydney. Actually, it is Canberra.", ["Canberra"], true],
  ["Is it Sydney? No: the capital of Australia is Canberra.", ["Canberra"], true],
  ["Nitrogen, at about 78%, followed by oxygen.", ["nitrogen"], true],
  ["Ines Halvorsen and her husband own it.", ["Ines Halvorsen"], true],
  ["Light travels about 299,792 km per second.", ["299,792", "300,000"], true],
  ["The library is open until 8 p.m. on Thursdays.", ["20:00", "8 p.m."], true],
  ["The pH of pure water is 7 at 25 °C.", ["7", "seven"], true],
  ["- Marigold Bakery opens at 7:30 on Saturdays.", ["7:30"], true],
  ["The first was Neil Armstrong, in 1969.", ["Neil Armstrong", "Armstrong"], true],
  // Denials.
  ["It is not Tokyo; the capital of Japan is Kyoto.", ["Tokyo"], "denied"],
  ["The capital isn't actually Tokyo.", ["Tokyo"], "denied"],
  ["Tokyo is not the capital of Japan.", ["Tokyo"], "denied"],
  ["Kyoto rather than Tokyo.", ["Tokyo"], "denied"],
  ["Tokyo is wrong; it is Kyoto.", ["Tokyo"], "denied"],
  // Two answers.
  ["Tokyo or Kyoto.", ["Tokyo"], "alternative"],
  ["It is either Kyoto or Tokyo.", ["Tokyo"], "alternative"],
  ["Tokyo/Kyoto.", ["Tokyo"], "alternative"],
  ["Tokyo. Or Kyoto.", ["Tokyo"], "alternative"],
  // Among candidates.
  ["Osaka, Tokyo, Kyoto.", ["Tokyo"], "listed"],
  ["Osaka, Tokyo and Kyoto", ["Tokyo"], "listed"],
  ["Kyoto and Tokyo.", ["Tokyo"], "listed"],
  ["Candidates:\n- Osaka\n- Tokyo\n- Kyoto", ["Tokyo"], "listed"],
  // Hedges and doubt.
  ["It might be Tokyo.", ["Tokyo"], "hedged"],
  ["Probably Tokyo.", ["Tokyo"], "hedged"],
  ["I think it is Tokyo.", ["Tokyo"], "hedged"],
  ["Tokyo. I'm not sure, though.", ["Tokyo"], "hedged"],
  ["I couldn't verify it, but Tokyo.", ["Tokyo"], "hedged"],
  // Retractions and questions.
  ["Tokyo. Actually, it is Kyoto.", ["Tokyo"], "retracted"],
  ["Answer: Tokyo\nWait, that's wrong: Kyoto.", ["Tokyo"], "retracted"],
  ["Tokyo. No.", ["Tokyo"], "retracted"],
  ["Is it Tokyo?", ["Tokyo"], "questioned"],
  // Near numbers are other numbers.
  ["The pH of pure water is 7.5.", ["7", "seven"], "absent"],
  ["It costs $45.50.", ["$45", "45 dollars"], "absent"],
  ["See https://openfacts.example.org/wiki/Tokyo", ["Tokyo"], "absent"],
];

describe("answer commitment", () => {
  for (const [reply, answers, expected] of cases)
    it(`${JSON.stringify(reply)} → ${expected === true ? "committed" : expected}`, () => {
      const verdict = answerCommitment(reply, answers);
      if (expected === true) assert.deepEqual(verdict, { committed: true });
      else {
        assert.equal(verdict.committed, false);
        if (!verdict.committed) {
          assert.equal(verdict.flaw, expected, verdict.why);
          assert.ok(verdict.why.length > 0);
        }
      }
    });
});

describe("answerCommitment: paths and phone numbers", () => {
  it("a slash inside a path is not an alternative; a slash between two words is", () => {
    assert.deepEqual(
      answerCommitment("The receipt is scans/receipt-hardware-0529.pdf.", ["receipt-hardware-0529"]),
      { committed: true },
    );
    assert.equal(answerCommitment("It is Tokyo/Kyoto.", ["Tokyo"]).committed, false);
  });

  it("a phone number is found inside a longer one written with spaces", () => {
    assert.deepEqual(answerCommitment("Rosa's number is +1 617 555 0163.", ["555 0163"]), {
      committed: true,
    });
    assert.equal(answerCommitment("It is not 555 0163; it is 555 0199.", ["555 0163"]).committed, false);
  });
});
