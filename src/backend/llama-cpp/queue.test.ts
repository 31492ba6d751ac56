import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { isEdgecallError } from "../../errors.js";
import { SerialQueue } from "./queue.js";

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("SerialQueue", () => {
  it("runs jobs one at a time in order, even when one fails", async () => {
    const queue = new SerialQueue();
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
      queue.run(job("a")),
      queue.run(job("b", true)),
      queue.run(job("c")),
    ]);
    assert.deepEqual(events, ["start a", "end a", "start b", "end b", "start c", "end c"]);
    assert.deepEqual(
      results.map((result) => result.status),
      ["fulfilled", "rejected", "fulfilled"],
    );
  });

  it("takes an aborted waiting job out of the line at once, without running it", async () => {
    const queue = new SerialQueue();
    let ran = false;
    let firstDone = false;
    const first = queue
      .run(() => delay(200))
      .then(() => {
        firstDone = true;
      });
    const controller = new AbortController();
    const second = queue.run(async () => {
      ran = true;
    }, controller.signal);
    const third = queue.run(async () => "third");
    controller.abort();
    await assert.rejects(second, (error: unknown) => isEdgecallError(error, "aborted"));
    // Ordering, not wall time (a loaded machine must not fail this): the running job is still going.
    assert.equal(firstDone, false, "rejected before the running job ended");
    await first;
    assert.equal(await third, "third");
    assert.equal(ran, false);
    await assert.rejects(
      queue.run(async () => 1, AbortSignal.abort()),
      (error: unknown) => isEdgecallError(error, "aborted"),
    );
  });
});
