import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { EnvEpisodes } from "./env-episodes.js";
import { dndSample, statefulItems, textMessage } from "./env-fixture.test-support.js";
import { EnvRefusal } from "./env-refusal.js";
import { Episode } from "./episode.js";

describe("the episode table", () => {
  it("closes an episode idle past the timeout, and its id is then unknown", async () => {
    let clock = 0;
    const episodes = new EnvEpisodes({
      items: await statefulItems(),
      maxEpisodes: 4,
      idleTimeoutMs: 1000,
      sweepEveryMs: 0,
      now: () => clock,
    });
    const { episodeId } = await episodes.reset({ sample_id: dndSample });
    const episode = episodes.table.get(episodeId);
    clock = 999;
    assert.equal(episodes.table.get(episodeId), episode);
    clock = 2000;
    episodes.table.sweep();
    assert.equal(episodes.table.size, 0);
    assert.equal(episode.done, true);
    await assert.rejects(episodes.act(episodeId, { message: textMessage("Done!") }), (error: unknown) => {
      assert.ok(error instanceof EnvRefusal);
      assert.equal(error.code, "EPISODE_NOT_FOUND");
      assert.match(error.message, /expired after 1 s idle/);
      return true;
    });
    await episodes.closeAll();
  });

  it("counts from the end of an episode's last request", async () => {
    let clock = 0;
    const episodes = new EnvEpisodes({
      items: await statefulItems(),
      maxEpisodes: 4,
      idleTimeoutMs: 1000,
      sweepEveryMs: 0,
      now: () => clock,
    });
    const { episodeId } = await episodes.reset({ sample_id: dndSample });
    clock = 900;
    const end = episodes.table.begin(episodeId);
    clock = 5000; // a request in flight never expires
    episodes.table.sweep();
    assert.equal(episodes.table.size, 1);
    end();
    clock = 5999;
    episodes.table.sweep();
    assert.equal(episodes.table.size, 1);
    clock = 6000;
    episodes.table.sweep();
    assert.equal(episodes.table.size, 0);
  });

  it("refuses a second id that is already open", async () => {
    const episodes = new EnvEpisodes({
      items: await statefulItems(),
      maxEpisodes: 4,
      idleTimeoutMs: 1000,
      sweepEveryMs: 0,
    });
    await episodes.reset({ sample_id: dndSample, episode_id: "mine" });
    await assert.rejects(
      episodes.reset({ sample_id: dndSample, episode_id: "mine" }),
      /already an open episode/,
    );
    await episodes.closeAll();
  });
});

describe("an episode", () => {
  it("takes one step at a time", async () => {
    const [item] = await statefulItems();
    assert.ok(item !== undefined);
    const episode = new Episode("e", item);
    await episode.start();
    const first = episode.step({ message: { content: "Done!" } });
    assert.throws(
      () => episode.step({ message: { content: "again" } }),
      (error: unknown) => error instanceof EnvRefusal && error.code === "EPISODE_BUSY",
    );
    assert.equal((await first).reward, 0);
  });

  it("ends at once when closed while waiting for the model", async () => {
    const [item] = await statefulItems();
    assert.ok(item !== undefined);
    const episode = new Episode("e", item);
    await episode.start();
    await episode.close();
    assert.equal(episode.done, true);
    assert.throws(() => episode.step({ message: { content: "x" } }), /is done/);
  });
});
