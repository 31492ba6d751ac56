import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { createGuardedExecutor } from "../guards/guarded-executor.js";
import { normaliseForNaming } from "../guards/user-naming.js";
import { freshWorld } from "./assistant.test-support.js";
import { createAssistantRegistry } from "./assistant-registry.js";
import { itemTarget } from "./shop-targets.js";

// Sellers choose their items' names: each of these holds a word the user writes for other reasons.
const sellerItems = [
  { id: "itm-9101", name: "Please Gift Card", word: "please" },
  { id: "itm-9102", name: "Today Deal", word: "today" },
  { id: "itm-9103", name: "Ｔｈａｎｋｓ", word: "thanks" },
];

let world: ReturnType<typeof freshWorld>;
before(() => {
  world = freshWorld("default");
  const insert = world.state.db.prepare(
    "INSERT INTO catalog (id, name, category, brand, price_cents, description, stock, rating) VALUES (?, ?, 'gift cards', NULL, 10000, 'A great deal.', 50, NULL)",
  );
  for (const item of sellerItems) insert.run(item.id, item.name);
  insert.run("itm-9104", "Gift Card");
});
after(() => world.cleanup());

/** Reads the catalog (seller text: the session is tainted), stages `items`, checks out. */
async function buy(user: string, items: readonly string[]) {
  world.state.db.prepare("DELETE FROM cart").run();
  const executor = createGuardedExecutor({
    registry: createAssistantRegistry(world.state),
    policy: "approve-if-user-asked",
    userMessages: [user],
  });
  assert.equal((await executor.execute({ name: "shop_search", arguments: { query: "gift" } })).ok, true);
  for (const id of items)
    assert.equal((await executor.execute({ name: "shop_cart_add", arguments: { item_id: id } })).ok, true);
  return executor.execute({ name: "shop_checkout", arguments: {} });
}

describe("a seller's item name cannot be named by courtesy, time or stop words", () => {
  for (const item of sellerItems) {
    it(`'${item.name}' is not bought when the user wrote '${item.word}'`, async () => {
      const user = `Please buy the Portuguese phrasebook today, thanks!`;
      const outcome = await buy(user, ["itm-4006", item.id]);
      assert.equal(!outcome.ok && outcome.error.type, "denied");
      assert.match(!outcome.ok ? outcome.error.message : "", new RegExp(item.id));
      const names = itemTarget(world.state, item.id).names;
      assert.ok(!names.some((name) => normaliseForNaming(name) === item.word), names.join(", "));
    });
  }

  it("the phrasebook alone is bought; so is a seller's item the user names by its id", async () => {
    const user = "Please buy the Portuguese phrasebook today, thanks!";
    assert.equal((await buy(user, ["itm-4006"])).ok, true);
    assert.equal((await buy("Buy itm-9101 and the phrasebook, please", ["itm-4006", "itm-9101"])).ok, true);
  });

  it("a name that is part of another item's name is ambiguous: nothing is approved", async () => {
    // "Gift Card" is also part of "Gift Card $50", "Gift Card $100" and "Please Gift Card".
    const names = itemTarget(world.state, "itm-9104").names;
    assert.deepEqual(names, ["itm-9104"]);
    const outcome = await buy("Please buy the gift card", ["itm-9104"]);
    assert.equal(!outcome.ok && outcome.error.type, "denied");
    assert.equal((await buy("Please buy itm-9104", ["itm-9104"])).ok, true);
  });
});
