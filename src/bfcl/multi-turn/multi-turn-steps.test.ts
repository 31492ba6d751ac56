import assert from "node:assert/strict";
import { test } from "node:test";
import {
  decodeStep,
  fcCallText,
  maximumStepLimit,
  type StepReply,
  splitReplies,
} from "./multi-turn-steps.js";

const text = (value: string): StepReply => ({ calls: [], text: value });

test("function-calling calls become BFCL's call strings, floats kept from the arguments text", () => {
  assert.equal(fcCallText({ name: "cd", arguments: { folder: "document" } }), "cd(folder='document')");
  assert.equal(
    fcCallText({
      name: "fillFuelTank",
      arguments: { fuelAmount: 10 },
      argumentsText: '{"fuelAmount": 10.0}',
    }),
    "fillFuelTank(fuelAmount=10.0)",
  );
  assert.equal(fcCallText({ name: "ls", arguments: {} }), "ls()");
  assert.equal(
    fcCallText({ name: "lockDoors", arguments: { unlock: false, door: ["driver"] } }),
    "lockDoors(unlock=False,door=['driver'])",
  );
});

test("prompt-mode replies decode as BFCL's prompt decoder; prose does not", () => {
  assert.deepEqual(decodeStep(text("[cd(folder='document'), ls(a=True)]"), "prompt"), [
    "cd(folder='document')",
    "ls(a=True)",
  ]);
  assert.equal(decodeStep(text("I moved the file."), "prompt"), undefined);
  assert.deepEqual(decodeStep(text("[]"), "prompt"), []);
});

test("replies split into turns at the first reply without a call; over 20 steps force-quits", () => {
  const replies = [
    text("[ls()]"),
    text("[pwd()]"),
    text("Done."),
    text("Nothing to do."),
    text("[cd(folder='a')]"),
    text("ok"),
  ];
  assert.deepEqual(splitReplies(replies, 3, "prompt"), {
    turns: [[["ls()"], ["pwd()"]], [], [["cd(folder='a')"]]],
    forceQuit: false,
  });
  const endless = Array.from({ length: maximumStepLimit + 5 }, () => text("[ls()]"));
  const split = splitReplies(endless, 2, "prompt");
  assert.equal(split.forceQuit, true);
  assert.equal(split.turns.length, 1);
  assert.equal(split.turns[0]?.length, maximumStepLimit + 1);
});
