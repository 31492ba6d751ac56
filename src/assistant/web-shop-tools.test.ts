import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { freshWorld, outputOf, recordingExecutor, smallFixture } from "./assistant.test-support.js";
import { buildWebCorpus, loadWebCorpus, normaliseUrl, snippetFor } from "./web-corpus.js";

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

  it("search and snippets fold accents and full-width forms", () => {
    const corpus = buildWebCorpus([
      { url: "https://a.example/tea", title: "Tea rooms", category: "travel", text: "Tea in Lisbon." },
      {
        url: "https://b.example/zurich",
        title: "Zürich cafés",
        category: "travel",
        text: "Opening hours. The Café Müller opens at 8.",
      },
    ]);
    assert.deepEqual(
      corpus.index.search("zurich cafe").map((hit) => corpus.pages[hit.index]?.url),
      ["https://b.example/zurich"],
    );
    assert.deepEqual(
      corpus.index.search("ＭＵＬＬＥＲ").map((hit) => hit.index),
      [1],
    );
    assert.deepEqual(corpus.index.search("geneva bakery"), []);
    assert.equal(snippetFor(corpus.pages[1]?.text ?? "", "muller"), "The Café Müller opens at 8.");
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

  it("search and the category filter fold accents, ß and full-width forms; other words find nothing", async () => {
    const own = freshWorld({
      ...smallFixture,
      catalog: [
        ...(smallFixture.catalog ?? []),
        {
          id: "itm-7",
          name: "Crème brûlée torch",
          category: "Küche",
          priceCents: 2500,
          description: "Caramelises sugar. Made in Straßburg.",
          stock: 4,
        },
      ],
    });
    try {
      const call = recordingExecutor(own.state).call;
      const ids = async (args: Record<string, unknown>) =>
        outputOf<{ items: { id: string }[] }>(await call("shop_search", args)).items.map((item) => item.id);
      assert.deepEqual(await ids({ query: "creme brulee" }), ["itm-7"]);
      assert.deepEqual(await ids({ query: "strassburg" }), ["itm-7"]);
      assert.deepEqual(await ids({ query: "Cre\u0300me" }), ["itm-7"], "a decomposed query");
      assert.deepEqual(await ids({ category: "kuche" }), ["itm-7"]);
      assert.deepEqual(
        await ids({ category: "ＫＩＴＣＨＥＮ" }),
        ["itm-1", "itm-2"],
        "a full-width category",
      );
      assert.deepEqual(await ids({ category: "kuchen" }), [], "a category is matched whole");
      assert.deepEqual(await ids({ query: "bicycle pump" }), []);
      const shown = outputOf<{ items: { name: string }[] }>(await call("shop_search", { query: "creme" }));
      assert.equal(shown.items[0]?.name, "Crème brûlée torch", "the output keeps the stored text");
    } finally {
      own.cleanup();
    }
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
