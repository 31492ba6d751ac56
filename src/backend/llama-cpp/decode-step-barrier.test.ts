import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { DecodeStepBarrier } from "./decode-step-barrier.js";

/** Whether `promise` has settled after the microtasks queued so far have run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await new Promise((resolve) => setImmediate(resolve));
  return done;
}

/** A barrier for a context whose batches hold 512 tokens; prompts of 20 tokens fit in one. */
const newBarrier = () => new DecodeStepBarrier(512);
const short = 20;
const long = 2000;

describe("DecodeStepBarrier", () => {
  it("lets a decode that is alone go on at once", async () => {
    const barrier = newBarrier();
    const only = barrier.join(0, short);
    only.decoding();
    assert.equal(await settled(only.arrive()), true);
    only.leave();
  });

  it("holds each member until all have their token, then releases them together", async () => {
    const barrier = newBarrier();
    const members = [barrier.join(0, short), barrier.join(1, short), barrier.join(2, short)];
    // The first to get its first token waits for the others, which joined with short prompts.
    members[0]!.decoding();
    const first = members[0]!.arrive();
    assert.equal(await settled(first), false);
    members[1]!.decoding();
    const second = members[1]!.arrive();
    assert.equal(await settled(second), false);
    assert.equal(barrier.waitingCount, 2);
    members[2]!.decoding();
    const third = members[2]!.arrive();
    assert.deepEqual(await Promise.all([first, second, third].map(settled)), [true, true, true]);
    assert.equal(barrier.waitingCount, 0);
    // The next step holds them again.
    const again = members[0]!.arrive();
    assert.equal(await settled(again), false);
    for (const member of members) member.leave();
    assert.equal(await settled(again), true);
  });

  it("releases in sequence order, whatever the order of arrival", async () => {
    const barrier = newBarrier();
    const members = [3, 1, 0, 2].map((id) => ({ id, member: barrier.join(id, short) }));
    const released: number[] = [];
    const arrivals = members.map(({ id, member }) => {
      member.decoding();
      return member.arrive().then(() => released.push(id));
    });
    await Promise.all(arrivals);
    assert.deepEqual(released, [0, 1, 2, 3]);
    for (const { member } of members) member.leave();
  });

  it("releases the waiting members when the last one missing leaves", async () => {
    const barrier = newBarrier();
    const staying = barrier.join(0, short);
    const ending = barrier.join(1, short);
    staying.decoding();
    const waiting = staying.arrive();
    assert.equal(await settled(waiting), false);
    ending.leave();
    assert.equal(await settled(waiting), true);
    // Alone now: no more waiting.
    assert.equal(await settled(staying.arrive()), true);
    staying.leave();
  });

  it("holds nobody while a member evaluates a prompt longer than a batch, then takes it in", async () => {
    const barrier = newBarrier();
    const decoders = [barrier.join(0, short), barrier.join(1, short)];
    for (const member of decoders) member.decoding();
    const held = decoders[0]!.arrive();
    assert.equal(await settled(held), false);
    // A call with a long prompt joins: its chunks keep the batches going, so the held one goes on.
    const newcomer = barrier.join(2, long);
    assert.equal(await settled(held), true);
    assert.equal(await settled(decoders[0]!.arrive()), true);
    assert.equal(await settled(decoders[1]!.arrive()), true);
    // With its first token it takes part in the steps like the others.
    newcomer.decoding();
    const steps = decoders.map((member) => member.arrive());
    assert.equal(await settled(steps[0]!), false);
    const last = newcomer.arrive();
    assert.deepEqual(await Promise.all([...steps, last].map(settled)), [true, true, true]);
    // A long prompt that leaves before its first token holds nobody's steps open.
    const abandoned = barrier.join(3, long);
    abandoned.leave();
    const next = decoders[0]!.arrive();
    assert.equal(await settled(next), false);
    for (const member of [...decoders, newcomer]) member.leave();
    assert.equal(await settled(next), true);
  });

  it("ignores a second leave and a decoding call after leaving", async () => {
    const barrier = newBarrier();
    const one = barrier.join(0, short);
    const other = barrier.join(1, short);
    one.decoding();
    other.leave();
    other.leave();
    other.decoding();
    assert.equal(await settled(one.arrive()), true);
    one.leave();
  });
});
