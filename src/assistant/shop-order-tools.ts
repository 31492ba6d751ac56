/**
 * Shop tools for paying and orders: list payment methods, check out (`payment`: always
 * confirmed, refused over the world's spending cap per order), order status, and cancelling an
 * order that has not shipped (items back in stock, payment refunded).
 */
import { refuse, type Tool, ToolError } from "../tools/tool.js";
import {
  cartLines,
  type MethodRow,
  money,
  type OrderLine,
  type OrderRow,
  paymentMethod,
  showOrder,
} from "./shop-rows.js";
import { cartTargets, orderTarget, paymentTarget } from "./shop-targets.js";
import type { StateSource } from "./state-source.js";
import { toUtcText } from "./time-zones.js";
import { stringsUnderKeys } from "./untrusted-fields.js";

/**
 * World text in payment and order outputs: payment methods' labels and digits (the bank's or
 * whoever added the card), item names (the sellers'), the card a checkout charged.
 */
const untrustedKeys = new Set(["label", "last4", "name", "charged_to"]);
const untrustedOrderText = (output: unknown) => stringsUnderKeys(output, untrustedKeys);

/** Payment methods, checkout, order status and cancellation. */
export function shopOrderTools(world: StateSource): Tool[] {
  const methods: Tool<Record<string, never>> = {
    definition: {
      name: "shop_list_payment_methods",
      description: "List the stored payment methods (the default one is used when checkout names none).",
      parameters: { type: "object", properties: {}, additionalProperties: false },
    },
    sideEffect: "read",
    untrustedText: untrustedOrderText,
    async execute() {
      const rows = world().db.prepare("SELECT * FROM payment_methods ORDER BY id").all() as MethodRow[];
      const cap = Number(world().meta("spending_cap_cents") ?? "0");
      return {
        payment_methods: rows.map((row) => ({
          id: row.id,
          label: row.label,
          kind: row.kind,
          last4: row.last4,
          default: row.is_default === 1,
        })),
        spending_cap_per_order: money(cap),
      };
    },
  };

  const checkout: Tool<{ payment_method_id?: string }> = {
    definition: {
      name: "shop_checkout",
      description:
        "Buy everything in the cart with a stored payment method (default method if none is given). Orders over the spending cap are refused.",
      parameters: {
        type: "object",
        properties: {
          payment_method_id: { type: "string", description: "Id from shop_list_payment_methods" },
        },
        additionalProperties: false,
      },
    },
    sideEffect: "payment",
    // Pays for the cart as it is: a later checkout with the same method buys what was added since
    // (a stuttered repeat finds the cart empty and is refused by the precondition).
    repeatable: true,
    untrustedText: untrustedOrderText,
    targetArguments: ["payment_method_id"],
    intentWords: ["buy", "order", "purchase", "checkout", "check out", "pay"],
    targets: (input) => [paymentTarget(world(), input.payment_method_id), ...cartTargets(world())],
    preconditions(input) {
      const state = world();
      const { rows, totalCents } = cartLines(state);
      if (rows.length === 0) return refuse("precondition", "the cart is empty", "fixed-text");
      const missing = rows.find((row) => row.name === null);
      if (missing)
        return {
          type: "precondition",
          message: `item '${missing.item_id}' no longer exists; remove it from the cart`,
        };
      const short = rows.find((row) => row.stock < row.quantity);
      if (short) return { type: "precondition", message: `only ${short.stock} of '${short.name}' in stock` };
      if (!paymentMethod(state, input.payment_method_id)) {
        return refuse(
          "precondition",
          input.payment_method_id
            ? `no payment method '${input.payment_method_id}'`
            : "no default payment method; name one",
          "user-input-only",
        );
      }
      const cap = Number(state.meta("spending_cap_cents") ?? "0");
      if (totalCents > cap) {
        return refuse(
          "precondition",
          `order total ${money(totalCents)} is over the spending cap of ${money(cap)} per order`,
          "fixed-text",
        );
      }
      return null;
    },
    async execute(input) {
      const state = world();
      const method = paymentMethod(state, input.payment_method_id);
      if (!method) throw new ToolError("precondition", "no payment method", { madeOf: "fixed-text" });
      const order = state.transaction(() => {
        const { rows, totalCents } = cartLines(state);
        const row: OrderRow = {
          id: state.nextId("ord", "orders"),
          items: JSON.stringify(
            rows.map((line) => ({
              itemId: line.item_id,
              quantity: line.quantity,
              priceCents: line.price_cents,
            })),
          ),
          total_cents: totalCents,
          payment_method_id: method.id,
          status: "processing",
          placed_at: toUtcText(state.now()),
        };
        state.db
          .prepare(
            "INSERT INTO orders (id, items, total_cents, payment_method_id, status, placed_at) VALUES (@id, @items, @total_cents, @payment_method_id, @status, @placed_at)",
          )
          .run(row);
        for (const line of rows)
          state.db
            .prepare("UPDATE catalog SET stock = stock - ? WHERE id = ?")
            .run(line.quantity, line.item_id);
        state.db.prepare("DELETE FROM cart").run();
        return row;
      });
      return { order: showOrder(state, order), charged_to: `${method.label} (…${method.last4})` };
    },
  };

  const status: Tool<{ order_id?: string }> = {
    definition: {
      name: "shop_order_status",
      description: "Show one order's status and items, or the 10 most recent orders when no id is given.",
      parameters: {
        type: "object",
        properties: { order_id: { type: "string" } },
        additionalProperties: false,
      },
    },
    sideEffect: "read",
    untrustedText: untrustedOrderText,
    preconditions(input) {
      if (input.order_id === undefined) return null;
      return world().db.prepare("SELECT 1 FROM orders WHERE id = ?").get(input.order_id)
        ? null
        : refuse("precondition", `no order with id '${input.order_id}'`, "user-input-only");
    },
    async execute(input) {
      const state = world();
      if (input.order_id !== undefined) {
        return showOrder(
          state,
          state.db.prepare("SELECT * FROM orders WHERE id = ?").get(input.order_id) as OrderRow,
        );
      }
      const rows = state.db
        .prepare("SELECT * FROM orders ORDER BY placed_at DESC, id DESC LIMIT 10")
        .all() as OrderRow[];
      return { orders: rows.map((row) => showOrder(state, row)) };
    },
  };

  const cancel: Tool<{ order_id: string }> = {
    definition: {
      name: "shop_cancel_order",
      description:
        "Cancel an order that has not shipped yet; the items go back in stock and the payment is refunded.",
      parameters: {
        type: "object",
        properties: { order_id: { type: "string" } },
        required: ["order_id"],
        additionalProperties: false,
      },
    },
    sideEffect: "write",
    intentWords: ["cancel", "stop", "undo", "refund"],
    untrustedText: untrustedOrderText,
    targets: (input) => [orderTarget(world(), input.order_id)],
    preconditions(input) {
      const row = world().db.prepare("SELECT * FROM orders WHERE id = ?").get(input.order_id) as
        | OrderRow
        | undefined;
      if (!row) return refuse("precondition", `no order with id '${input.order_id}'`, "user-input-only");
      if (row.status !== "processing")
        return refuse(
          "precondition",
          `order ${row.id} is ${row.status} and can no longer be cancelled`,
          "user-input-only",
        );
      return null;
    },
    async execute(input) {
      const state = world();
      const row = state.transaction(() => {
        const order = state.db.prepare("SELECT * FROM orders WHERE id = ?").get(input.order_id) as OrderRow;
        for (const line of JSON.parse(order.items) as OrderLine[]) {
          state.db
            .prepare("UPDATE catalog SET stock = stock + ? WHERE id = ?")
            .run(line.quantity, line.itemId);
        }
        state.db.prepare("UPDATE orders SET status = 'cancelled' WHERE id = ?").run(order.id);
        return { ...order, status: "cancelled" };
      });
      return { cancelled: showOrder(state, row), refunded: money(row.total_cents) };
    },
  };

  return [methods, checkout, status, cancel];
}
