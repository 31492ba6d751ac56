/**
 * Shop tools for the catalog and the cart: search (BM25), view an item, view the cart, add and
 * remove items. Checkout and orders are in shop-order-tools.ts. A cart add in a session that has
 * read third-party content marks its line (`added_after_untrusted`, kept across sessions); taking
 * items out marks nothing (it can only lower what a checkout pays for).
 */
import { searchFold } from "../text/search-fold.js";
import { refuse, type Tool, ToolError } from "../tools/tool.js";
import { Bm25Index } from "./bm25.js";
import { shopOrderTools } from "./shop-order-tools.js";
import { cartLines, type ItemRow, item, itemId, money } from "./shop-rows.js";
import { itemTarget } from "./shop-targets.js";
import type { StateSource } from "./state-source.js";
import { stringsUnderKeys } from "./untrusted-fields.js";

/** Catalog text written by sellers: names, brands, categories and descriptions (not ids or prices). */
const untrustedKeys = new Set(["name", "brand", "category", "description"]);
const untrustedItemText = (output: unknown) => stringsUnderKeys(output, untrustedKeys);
/** A no-such-item refusal: it quotes only the id given. */
const noItem = (id: string) =>
  refuse("precondition", `no item with id '${id}'; use shop_search`, "user-input-only");

/** Builds the shop tools over a world. */
export function shopTools(world: StateSource): Tool[] {
  const showItem = (row: ItemRow) => ({
    id: row.id,
    name: row.name,
    category: row.category,
    ...(row.brand ? { brand: row.brand } : {}),
    price: money(row.price_cents),
    currency: world().meta("currency") ?? "USD",
    in_stock: row.stock > 0,
    ...(row.rating !== null ? { rating: row.rating } : {}),
  });
  const itemExists = (input: { item_id: string }) =>
    item(world(), input.item_id) ? null : noItem(input.item_id);

  /** The catalog is the shop's published text: sending it on leaks nothing of the user's. */
  const catalogIsPublic = "the shop's catalog (names, brands, descriptions) is published for anyone";
  const search: Tool<{ query?: string; category?: string; max_price?: number; limit?: number }> = {
    definition: {
      name: "shop_search",
      description: "Search the shop's catalog by words, category and maximum price. Best matches first.",
      parameters: {
        type: "object",
        properties: {
          query: { type: "string", maxLength: 200 },
          category: { type: "string", description: "e.g. 'electronics', 'kitchen', 'books'" },
          max_price: { type: "number", minimum: 0, description: "Highest price in the shop's currency" },
          limit: { type: "integer", minimum: 1, maximum: 30, description: "Most results (default 10)" },
        },
        additionalProperties: false,
      },
    },
    sideEffect: "read",
    publicOutput: catalogIsPublic,
    untrustedText: untrustedItemText,
    async execute(input) {
      const rows = world().db.prepare("SELECT * FROM catalog ORDER BY id").all() as ItemRow[];
      const category = input.category === undefined ? undefined : searchFold(input.category);
      const keep = (row: ItemRow) =>
        (category === undefined || searchFold(row.category) === category) &&
        (input.max_price === undefined || row.price_cents <= Math.round(input.max_price * 100));
      const limit = input.limit ?? 10;
      let found: ItemRow[];
      if (input.query && input.query.trim() !== "") {
        const index = new Bm25Index(
          rows.map((row) => [
            { text: row.name, weight: 3 },
            { text: `${row.brand ?? ""} ${row.category}`, weight: 2 },
            { text: row.description },
          ]),
        );
        found = index
          .search(input.query, limit, (position) => keep(rows[position]!))
          .map((hit) => rows[hit.index]!);
      } else found = rows.filter(keep).slice(0, limit);
      return { items: found.map(showItem) };
    },
  };

  const view: Tool<{ item_id: string }> = {
    definition: {
      name: "shop_view_item",
      description: "Show one catalog item in full: description, price, stock, rating.",
      parameters: {
        type: "object",
        properties: { item_id: itemId },
        required: ["item_id"],
        additionalProperties: false,
      },
    },
    sideEffect: "read",
    publicOutput: catalogIsPublic,
    untrustedText: untrustedItemText,
    preconditions: itemExists,
    async execute(input) {
      const row = item(world(), input.item_id);
      if (!row)
        throw new ToolError("precondition", `no item with id '${input.item_id}'`, {
          madeOf: "user-input-only",
        });
      return { ...showItem(row), description: row.description, stock: row.stock };
    },
  };

  const cartView: Tool<Record<string, never>> = {
    definition: {
      name: "shop_cart_view",
      description: "Show the cart: items, quantities and total.",
      parameters: { type: "object", properties: {}, additionalProperties: false },
    },
    sideEffect: "read",
    // The cart's item names are the sellers' (and an earlier session may have filled the cart).
    untrustedText: untrustedItemText,
    async execute() {
      const { lines, totalCents } = cartLines(world());
      return { items: lines, total: money(totalCents), currency: world().meta("currency") ?? "USD" };
    },
  };

  const cartAdd: Tool<{ item_id: string; quantity?: number }> = {
    definition: {
      name: "shop_cart_add",
      description: "Put an item in the cart (quantity default 1; adds to what is already there).",
      parameters: {
        type: "object",
        properties: { item_id: itemId, quantity: { type: "integer", minimum: 1, maximum: 20, default: 1 } },
        required: ["item_id"],
        additionalProperties: false,
      },
    },
    sideEffect: "write",
    // A new cart line, or a larger quantity of one already there: nothing is taken away.
    additiveOnly: true,
    intentWords: ["add", "buy", "order", "purchase", "put", "cart"],
    untrustedText: untrustedItemText,
    // A cart change only matters at checkout, whose confirmation names what was staged.
    stagesFor: "shop_checkout",
    targets: (input) => [itemTarget(world(), input.item_id)],
    preconditions(input) {
      const state = world();
      const row = item(state, input.item_id);
      if (!row) return noItem(input.item_id);
      const already =
        (
          state.db.prepare("SELECT quantity FROM cart WHERE item_id = ?").get(input.item_id) as
            | { quantity: number }
            | undefined
        )?.quantity ?? 0;
      if (row.stock < already + (input.quantity ?? 1)) {
        return { type: "precondition", message: `only ${row.stock} of '${row.name}' in stock` };
      }
      return null;
    },
    async execute(input, context) {
      const state = world();
      // A line added (or added to) after third-party content was read keeps that mark until it
      // leaves the cart: a later session's checkout must name it (shop-targets.ts).
      state.db
        .prepare(
          `INSERT INTO cart (item_id, quantity, added_after_untrusted) VALUES (?, ?, ?) ON CONFLICT(item_id) DO UPDATE
           SET quantity = quantity + excluded.quantity,
               added_after_untrusted = MAX(added_after_untrusted, excluded.added_after_untrusted)`,
        )
        .run(input.item_id, input.quantity ?? 1, context.untrustedSession === true ? 1 : 0);
      const { lines, totalCents } = cartLines(state);
      return { cart: lines, total: money(totalCents) };
    },
  };

  const cartRemove: Tool<{ item_id: string; quantity?: number }> = {
    definition: {
      name: "shop_cart_remove",
      description: "Take an item out of the cart (all of it, or quantity of it).",
      parameters: {
        type: "object",
        properties: { item_id: itemId, quantity: { type: "integer", minimum: 1, maximum: 20 } },
        required: ["item_id"],
        additionalProperties: false,
      },
    },
    sideEffect: "write",
    intentWords: ["remove", "delete", "take", "drop", "cart"],
    untrustedText: untrustedItemText,
    // A cart change only matters at checkout, whose confirmation names what was staged.
    stagesFor: "shop_checkout",
    targets: (input) => [itemTarget(world(), input.item_id)],
    preconditions(input) {
      return world().db.prepare("SELECT 1 FROM cart WHERE item_id = ?").get(input.item_id)
        ? null
        : refuse("precondition", `item '${input.item_id}' is not in the cart`, "user-input-only");
    },
    async execute(input) {
      const state = world();
      if (input.quantity === undefined)
        state.db.prepare("DELETE FROM cart WHERE item_id = ?").run(input.item_id);
      else {
        state.db
          .prepare("UPDATE cart SET quantity = quantity - ? WHERE item_id = ?")
          .run(input.quantity, input.item_id);
        state.db.prepare("DELETE FROM cart WHERE quantity <= 0").run();
      }
      const { lines, totalCents } = cartLines(state);
      return { cart: lines, total: money(totalCents) };
    },
  };

  return [search, view, cartView, cartAdd, cartRemove, ...shopOrderTools(world)];
}
