/**
 * Shop rows and how they are shown: catalog items, the cart, payment methods and orders. Money
 * is stored in integer cents and shown as decimal amounts.
 */
import { formatInZone } from "./time-zones.js";
import type { AssistantState } from "./world.js";

/** A row of `catalog`. */
export interface ItemRow {
  id: string;
  name: string;
  category: string;
  brand: string | null;
  price_cents: number;
  description: string;
  stock: number;
  rating: number | null;
}
/** A row of `payment_methods`. */
export interface MethodRow {
  id: string;
  label: string;
  kind: string;
  last4: string;
  is_default: number;
}
/** A row of `orders`. */
export interface OrderRow {
  id: string;
  items: string;
  total_cents: number;
  payment_method_id: string;
  status: string;
  placed_at: string;
}
/** One line of an order's `items` JSON. */
export type OrderLine = { itemId: string; quantity: number; priceCents: number };

/** Cents as a decimal amount (1299 -> 12.99). */
export const money = (cents: number) => Math.round(cents) / 100;
/** The schema of an `item_id` argument. */
export const itemId = { type: "string", description: "Item id from shop_search" };

/** A catalog item by id. */
export function item(state: AssistantState, id: string): ItemRow | undefined {
  return state.db.prepare("SELECT * FROM catalog WHERE id = ?").get(id) as ItemRow | undefined;
}

/**
 * The cart joined with the catalog, as shown to the model, with its total; `rows` also carry each
 * line's `added_after_untrusted` mark (not shown to the model).
 */
export function cartLines(state: AssistantState) {
  const rows = state.db
    .prepare(
      "SELECT cart.item_id, cart.quantity, cart.added_after_untrusted, catalog.* FROM cart LEFT JOIN catalog ON catalog.id = cart.item_id ORDER BY cart.item_id",
    )
    .all() as (ItemRow & { item_id: string; quantity: number; added_after_untrusted: number })[];
  const lines = rows.map((row) => ({
    item_id: row.item_id,
    name: row.name,
    quantity: row.quantity,
    price: money(row.price_cents),
    subtotal: money(row.price_cents * row.quantity),
    in_stock: row.stock >= row.quantity,
  }));
  const totalCents = rows.reduce((sum, row) => sum + row.price_cents * row.quantity, 0);
  return { rows, lines, totalCents };
}

/** A payment method by id, or the default one when `id` is undefined. */
export function paymentMethod(state: AssistantState, id: string | undefined): MethodRow | undefined {
  return (
    id === undefined
      ? state.db.prepare("SELECT * FROM payment_methods WHERE is_default = 1 ORDER BY id LIMIT 1").get()
      : state.db.prepare("SELECT * FROM payment_methods WHERE id = ?").get(id)
  ) as MethodRow | undefined;
}

/** An order as shown to the model. */
export function showOrder(state: AssistantState, row: OrderRow) {
  const lines = JSON.parse(row.items) as OrderLine[];
  return {
    id: row.id,
    status: row.status,
    placed_at: formatInZone(new Date(row.placed_at), state.user().timeZone),
    total: money(row.total_cents),
    currency: state.meta("currency") ?? "USD",
    payment_method_id: row.payment_method_id,
    items: lines.map((line) => ({
      item_id: line.itemId,
      name: item(state, line.itemId)?.name ?? line.itemId,
      quantity: line.quantity,
      price: money(line.priceCents),
    })),
  };
}
