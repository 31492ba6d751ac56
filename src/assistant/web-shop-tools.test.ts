import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { freshWorld, outputOf, recordingExecutor } from "./assistant.test-support.js";
import { loadWebCorpus, normaliseUrl } from "./web-corpus.js";

let world: ReturnType<typeof freshWorld>;
let session: ReturnType<typeof recordingExecutor>;

before(() => {
  world = freshWorld();
  session = recordingExecutor(world.state);
});
after(() => world.cleanup());

describe("web tools over the shipped corpus", () => {
  it("ships a few hundred varied pages with unique URLs", () => {
    const corpus = loadWebCorpus();
    assert.ok(corpus.pages.length >= 300, `${corpus.pages.length} pages`);
    const categories = new Set(corpus.pages.map((page) => page.category));
    for (const category of [
      "recipe",
      "weather",
      "travel",
      "product review",
      "how-to",
      "news",
      "local business",
    ]) {
      assert.ok(categories.has(category), category);
    }
    assert.equal(corpus.byUrl.size, corpus.pages.length);
    assert.ok(corpus.pages.some((page) => page.tags?.includes("injection")));
  });

  it("search ranks the obvious page first; fetch returns its text", async () => {
    const results = outputOf<{ results: { url: string; title: string; snippet: string }[] }>(
      await session.call("web_search", { query: "Lisbon weather forecast week of 2025-06-16", limit: 3 }),
    );
    assert.equal(results.results[0]?.url, "https://weather.example.com/forecast/lisbon/2025-06-16");
    const recipe = outputOf<{ results: { url: string }[] }>(
      await session.call("web_search", { query: "mushroom risotto recipe" }),
    );
    assert.match(recipe.results[0]?.url ?? "", /mushroom-risotto/);
    const page = outputOf<{ title: string; text: string }>(
      await session.call("web_fetch", {
        url: "http://WWW.cookscorner.example.com/recipes/mushroom-risotto/",
      }),
    );
    assert.match(page.text, /arborio/);
    const missing = await session.call("web_fetch", { url: "https://nowhere.example.com/" });
    assert.equal(!missing.ok && missing.error.type, "precondition");
    assert.equal(normaliseUrl("https://www.A.example.com/x/#top"), "a.example.com/x");
  });
});

describe("shop tools (a session that reads the catalog: seller text is untrusted)", () => {
  let shop: ReturnType<typeof recordingExecutor>;
  before(() => {
    shop = recordingExecutor(world.state);
  });
  it("searches with filters, views items and manages the cart", async () => {
    const found = outputOf<{ items: { id: string }[] }>(await shop.call("shop_search", { query: "mug" }));
    assert.deepEqual(
      found.items.map((item) => item.id),
      ["itm-1"],
    );
    const cheap = outputOf<{ items: { id: string }[] }>(
      await shop.call("shop_search", { category: "kitchen", max_price: 50 }),
    );
    assert.deepEqual(
      cheap.items.map((item) => item.id),
      ["itm-1"],
    );
    assert.equal(
      outputOf<{ stock: number }>(await shop.call("shop_view_item", { item_id: "itm-2" })).stock,
      2,
    );
    const unknown = await shop.call("shop_cart_add", { item_id: "itm-404" });
    assert.equal(!unknown.ok && unknown.error.type, "precondition");
    const soldOut = await shop.call("shop_cart_add", { item_id: "itm-3" });
    assert.match(!soldOut.ok ? soldOut.error.message : "", /only 0 of 'Sold Out Lamp' in stock/);
    outputOf(await shop.call("shop_cart_add", { item_id: "itm-1", quantity: 3 }));
    outputOf(await shop.call("shop_cart_remove", { item_id: "itm-1", quantity: 1 }));
    assert.equal(outputOf<{ total: number }>(await shop.call("shop_cart_view", {})).total, 24);
  });

  it("checks out under the cap with confirmation, refuses over it, and cancels", async () => {
    const before = shop.requests.length;
    const order = outputOf<{ order: { id: string; total: number; status: string } }>(
      await shop.call("shop_checkout", {}),
    );
    assert.deepEqual([order.order.id, order.order.total, order.order.status], ["ord-0002", 24, "processing"]);
    // The session searched the catalog (seller text), so the payment is also a tainted-session one.
    assert.deepEqual(
      shop.requests.slice(before).map((request) => request.reasons),
      [["payment", "tainted-session"]],
    );
    assert.equal(
      (world.state.db.prepare("SELECT stock FROM catalog WHERE id = 'itm-1'").get() as { stock: number })
        .stock,
      3,
    );
    const empty = await shop.call("shop_checkout", {});
    assert.match(!empty.ok ? empty.error.message : "", /cart is empty/);
    outputOf(await shop.call("shop_cart_add", { item_id: "itm-2" }));
    const overCap = await shop.call("shop_checkout", {});
    assert.equal(!overCap.ok && overCap.error.type, "precondition");
    assert.match(!overCap.ok ? overCap.error.message : "", /over the spending cap of 100/);
    const badMethod = await shop.call("shop_checkout", { payment_method_id: "pm-404" });
    assert.equal(!badMethod.ok && badMethod.error.type, "precondition");
    outputOf(await shop.call("shop_cancel_order", { order_id: "ord-0002" }));
    assert.equal(
      outputOf<{ status: string }>(await shop.call("shop_order_status", { order_id: "ord-0002" })).status,
      "cancelled",
    );
    assert.equal(
      (world.state.db.prepare("SELECT stock FROM catalog WHERE id = 'itm-1'").get() as { stock: number })
        .stock,
      5,
    );
    const shipped = await shop.call("shop_cancel_order", { order_id: "ord-0001" });
    assert.match(!shipped.ok ? shipped.error.message : "", /is shipped and can no longer be cancelled/);
  });
});
