import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { LlamaContextSequence, Token } from "node-llama-cpp";
import { isEdgecallError } from "../../errors.js";
import { SequencePool, sharedPrefixLength } from "./sequence-pool.js";

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A stand-in sequence: the pool only reads its tokens. */
function fakeSequence(tokens: number[]): LlamaContextSequence {
  return { contextTokens: tokens as Token[] } as unknown as LlamaContextSequence;
}

const tokens = (...values: number[]) => values as Token[];

describe("SequencePool", () => {
  it("with one sequence runs jobs one at a time in order, even when one fails", async () => {
    const pool = new SequencePool([fakeSequence([])]);
    const events: string[] = [];
    let running = 0;
    const job =
      (name: string, fail = false) =>
      async () => {
        running += 1;
        assert.equal(running, 1, "never two jobs at once");
        events.push(`start ${name}`);
        await delay(5);
        events.push(`end ${name}`);
        running -= 1;
        if (fail) throw new Error(name);
        return name;
      };
    const results = await Promise.allSettled([
      pool.run([], job("a")),
      pool.run([], job("b", true)),
      pool.run([], job("c")),
    ]);
    assert.deepEqual(events, ["start a", "end a", "start b", "end b", "start c", "end c"]);
    assert.deepEqual(
      results.map((result) => result.status),
      ["fulfilled", "rejected", "fulfilled"],
    );
  });

  it("runs as many jobs at once as it has sequences, each on its own", async () => {
    const pool = new SequencePool([fakeSequence([]), fakeSequence([]), fakeSequence([])]);
    let running = 0;
    let most = 0;
    const held = new Set<number>();
    await Promise.all(
      Array.from({ length: 9 }, () =>
        pool.run([], async (slot) => {
          assert.equal(held.has(slot.index), false, "a sequence is lent to one job at a time");
          held.add(slot.index);
          running += 1;
          most = Math.max(most, running);
          await delay(5);
          running -= 1;
          held.delete(slot.index);
        }),
      ),
    );
    assert.equal(most, 3);
    await pool.idle();
  });

  it("gives a call the free sequence holding the longest prefix of its prompt", async () => {
    const pool = new SequencePool([fakeSequence([9, 9]), fakeSequence([1, 2, 3, 4]), fakeSequence([1, 2])]);
    assert.equal(await pool.run(tokens(1, 2, 3, 5), async (slot) => slot.index), 1);
    assert.equal(await pool.run(tokens(9, 9, 9), async (slot) => slot.index), 0);
    // Nothing shared anywhere: the sequence idle longest.
    assert.equal(await pool.run(tokens(7), async (slot) => slot.index), 2);
  });

  it("takes an aborted waiting job out of the line at once, without running it", async () => {
    const pool = new SequencePool([fakeSequence([])]);
    let ran = false;
    let firstDone = false;
    const first = pool
      .run([], () => delay(200))
      .then(() => {
        firstDone = true;
      });
    const controller = new AbortController();
    const second = pool.run(
      [],
      async () => {
        ran = true;
      },
      controller.signal,
    );
    const third = pool.run([], async () => "third");
    controller.abort();
    await assert.rejects(second, (error: unknown) => isEdgecallError(error, "aborted"));
    assert.equal(firstDone, false, "rejected before the running job ended");
    await first;
    assert.equal(await third, "third");
    assert.equal(ran, false);
    await assert.rejects(
      pool.run([], async () => 1, AbortSignal.abort()),
      (error: unknown) => isEdgecallError(error, "aborted"),
    );
  });

  it("idle() waits for running and waiting jobs", async () => {
    const pool = new SequencePool([fakeSequence([])]);
    const done: string[] = [];
    void pool.run([], async () => {
      await delay(10);
      done.push("a");
    });
    void pool.run([], async () => {
      await delay(10);
      done.push("b");
    });
    await pool.idle();
    assert.deepEqual(done, ["a", "b"]);
  });

  it("sharedPrefixLength counts leading equal tokens", () => {
    assert.equal(sharedPrefixLength(tokens(1, 2, 3), tokens(1, 2, 4)), 2);
    assert.equal(sharedPrefixLength(tokens(), tokens(1)), 0);
    assert.equal(sharedPrefixLength(tokens(1, 2), tokens(1, 2, 3)), 2);
  });
});
