/**
 * The retail domain's tables and the agent's tools over them. Tools check what they can check
 * themselves (the order exists, is in the right status, the items and payment method belong to
 * it); the rest of the policy (authenticate first, ask before acting, refund only to the original
 * payment method or a gift card, never touch another user's order) is the agent's to keep.
 */
import type { Db } from "../policy-database.js";
import { cents, ensure, type PolicyToolSpec, row, rows, text, texts } from "../policy-tool.js";

import type { ItemRow, OrderRow, PaymentRow, UserRow, VariantRow } from "./retail-schema.js";

export type { ItemRow, OrderRow, PaymentRow, UserRow, VariantRow } from "./retail-schema.js";
export { retailSchema } from "./retail-schema.js";

function order(db: Db, orderId: string): OrderRow {
  const found = row<OrderRow>(db, "SELECT * FROM orders WHERE order_id = ?", orderId);
  ensure(found, `order ${orderId} not found`);
  return found;
}

function items(db: Db, orderId: string): ItemRow[] {
  return rows<ItemRow>(db, "SELECT * FROM order_items WHERE order_id = ? ORDER BY item_id", orderId);
}

function userPayment(db: Db, userId: string, paymentId: string): PaymentRow {
  const found = row<PaymentRow>(db, "SELECT * FROM payment_methods WHERE payment_method_id = ?", paymentId);
  ensure(found && found.user_id === userId, `payment method ${paymentId} is not one of the order's user's`);
  return found;
}

function chosenItems(db: Db, orderId: string, itemIds: string[]): ItemRow[] {
  const all = items(db, orderId);
  ensure(new Set(itemIds).size === itemIds.length, "an item is listed twice");
  return itemIds.map((itemId) => {
    const item = all.find((candidate) => candidate.item_id === itemId);
    ensure(item, `item ${itemId} is not in order ${orderId}`);
    ensure(item.state === "ordered", `item ${itemId} was already ${item.state}`);
    return item;
  });
}

/** The agent's tools. */
export const retailTools: PolicyToolSpec[] = [
  {
    name: "find_user_id_by_email",
    description: "Find a user's id by their email address.",
    properties: { email: text("The user's email address") },
    write: false,
    run(db, { email }: { email: string }) {
      const found = row<UserRow>(db, "SELECT * FROM users WHERE lower(email) = lower(?)", email.trim());
      ensure(found, "no user with that email");
      return found.user_id;
    },
  },
  {
    name: "find_user_id_by_name_zip",
    description: "Find a user's id by first name, last name and zip code.",
    properties: { first_name: text("First name"), last_name: text("Last name"), zip: text("Zip code") },
    write: false,
    run(db, args: { first_name: string; last_name: string; zip: string }) {
      const found = row<UserRow>(
        db,
        "SELECT * FROM users WHERE lower(first_name) = lower(?) AND lower(last_name) = lower(?) AND zip = ?",
        args.first_name.trim(),
        args.last_name.trim(),
        args.zip.trim(),
      );
      ensure(found, "no user with that name and zip code");
      return found.user_id;
    },
  },
  {
    name: "get_user_details",
    description: "A user's profile: name, email, default address, payment methods and order ids.",
    properties: { user_id: text("The user id") },
    write: false,
    run(db, { user_id }: { user_id: string }) {
      const user = row<UserRow>(db, "SELECT * FROM users WHERE user_id = ?", user_id);
      ensure(user, `user ${user_id} not found`);
      return {
        ...user,
        payment_methods: rows<PaymentRow>(
          db,
          "SELECT * FROM payment_methods WHERE user_id = ? ORDER BY payment_method_id",
          user_id,
        ),
        orders: rows<{ order_id: string }>(
          db,
          "SELECT order_id FROM orders WHERE user_id = ? ORDER BY order_id",
          user_id,
        ).map((o) => o.order_id),
      };
    },
  },
  {
    name: "get_order_details",
    description:
      "An order's status, owner, address, payment method, tracking number and items (with prices).",
    properties: { order_id: text("The order id, e.g. #W1234567") },
    write: false,
    run(db, { order_id }: { order_id: string }) {
      const found = order(db, order_id);
      return {
        ...found,
        items: items(db, order_id),
        total: cents(items(db, order_id).reduce((sum, item) => sum + item.price, 0)),
      };
    },
  },
  {
    name: "get_product_details",
    description: "A product's variants: item id, options, price and availability.",
    properties: { product_id: text("The product id") },
    write: false,
    run(db, { product_id }: { product_id: string }) {
      const product = row<{ name: string }>(db, "SELECT * FROM products WHERE product_id = ?", product_id);
      ensure(product, `product ${product_id} not found`);
      return {
        product_id,
        name: product.name,
        variants: rows<VariantRow>(
          db,
          "SELECT * FROM variants WHERE product_id = ? ORDER BY item_id",
          product_id,
        ),
      };
    },
  },
  {
    name: "cancel_pending_order",
    description: "Cancel a pending order; its total is refunded to its original payment method.",
    properties: {
      order_id: text("The order id"),
      reason: text("Why", { enum: ["no longer needed", "ordered by mistake"] }),
    },
    write: true,
    run(db, { order_id, reason }: { order_id: string; reason: string }) {
      const found = order(db, order_id);
      ensure(
        found.status === "pending",
        `order ${order_id} is ${found.status}, not pending; it cannot be cancelled`,
      );
      const total = cents(items(db, order_id).reduce((sum, item) => sum + item.price, 0));
      db.prepare("UPDATE orders SET status = 'cancelled', cancel_reason = ? WHERE order_id = ?").run(
        reason,
        order_id,
      );
      db.prepare(
        "INSERT INTO refunds (order_id, payment_method_id, amount, kind) VALUES (?, ?, ?, 'cancel')",
      ).run(order_id, found.payment_method_id, total);
      return { order_id, status: "cancelled", refund: total, refunded_to: found.payment_method_id };
    },
  },
  {
    name: "modify_pending_order_address",
    description: "Change the shipping address of a pending order.",
    properties: { order_id: text("The order id"), address: text("The full new address, one line") },
    write: true,
    run(db, { order_id, address }: { order_id: string; address: string }) {
      const found = order(db, order_id);
      ensure(
        found.status === "pending",
        `order ${order_id} is ${found.status}; only a pending order's address can change`,
      );
      db.prepare("UPDATE orders SET address = ? WHERE order_id = ?").run(address.trim(), order_id);
      return { order_id, address: address.trim() };
    },
  },
  {
    name: "return_delivered_order_items",
    description: "Return items of a delivered order; their price is refunded to the given payment method.",
    properties: {
      order_id: text("The order id"),
      item_ids: texts("Item ids to return"),
      payment_method_id: text("Where the refund goes"),
    },
    write: true,
    run(db, args: { order_id: string; item_ids: string[]; payment_method_id: string }) {
      const found = order(db, args.order_id);
      ensure(
        found.status === "delivered",
        `order ${args.order_id} is ${found.status}, not delivered; it cannot be returned`,
      );
      userPayment(db, found.user_id, args.payment_method_id);
      const chosen = chosenItems(db, args.order_id, args.item_ids);
      const amount = cents(chosen.reduce((sum, item) => sum + item.price, 0));
      for (const item of chosen)
        db.prepare("UPDATE order_items SET state = 'returned' WHERE order_id = ? AND item_id = ?").run(
          args.order_id,
          item.item_id,
        );
      db.prepare("UPDATE orders SET status = 'return requested' WHERE order_id = ?").run(args.order_id);
      db.prepare(
        "INSERT INTO refunds (order_id, payment_method_id, amount, kind) VALUES (?, ?, ?, 'return')",
      ).run(args.order_id, args.payment_method_id, amount);
      return {
        order_id: args.order_id,
        status: "return requested",
        refund: amount,
        refunded_to: args.payment_method_id,
      };
    },
  },
  {
    name: "exchange_delivered_order_items",
    description:
      "Exchange items of a delivered order for other variants of the same products (new_item_ids in the same order as item_ids). The price difference is charged (positive) or refunded (negative) on the payment method.",
    properties: {
      order_id: text("The order id"),
      item_ids: texts("Item ids to exchange"),
      new_item_ids: texts("The variants to get instead"),
      payment_method_id: text("Payment method for the price difference"),
    },
    write: true,
    run(
      db,
      args: { order_id: string; item_ids: string[]; new_item_ids: string[]; payment_method_id: string },
    ) {
      const found = order(db, args.order_id);
      ensure(
        found.status === "delivered",
        `order ${args.order_id} is ${found.status}, not delivered; it cannot be exchanged`,
      );
      ensure(
        args.item_ids.length === args.new_item_ids.length,
        "item_ids and new_item_ids must have the same length",
      );
      userPayment(db, found.user_id, args.payment_method_id);
      const chosen = chosenItems(db, args.order_id, args.item_ids);
      let difference = 0;
      chosen.forEach((item, index) => {
        const newId = args.new_item_ids[index] as string;
        const variant = row<VariantRow>(db, "SELECT * FROM variants WHERE item_id = ?", newId);
        ensure(variant, `item ${newId} does not exist`);
        ensure(
          variant.product_id === item.product_id,
          `item ${newId} is not a variant of the same product as ${item.item_id}`,
        );
        ensure(newId !== item.item_id, `item ${newId} is the same variant`);
        ensure(variant.available === 1, `item ${newId} is not available`);
        difference += variant.price - item.price;
        db.prepare(
          "UPDATE order_items SET state = 'exchanged', new_item_id = ? WHERE order_id = ? AND item_id = ?",
        ).run(newId, args.order_id, item.item_id);
      });
      difference = cents(difference);
      db.prepare("UPDATE orders SET status = 'exchange requested' WHERE order_id = ?").run(args.order_id);
      db.prepare(
        "INSERT INTO refunds (order_id, payment_method_id, amount, kind) VALUES (?, ?, ?, 'exchange')",
      ).run(args.order_id, args.payment_method_id, -difference);
      return {
        order_id: args.order_id,
        status: "exchange requested",
        price_difference: difference,
        payment_method_id: args.payment_method_id,
      };
    },
  },
  {
    name: "modify_user_address",
    description: "Change a user's default address.",
    properties: { user_id: text("The user id"), address: text("The full new address, one line") },
    write: true,
    run(db, { user_id, address }: { user_id: string; address: string }) {
      const found = row<UserRow>(db, "SELECT * FROM users WHERE user_id = ?", user_id);
      ensure(found, `user ${user_id} not found`);
      db.prepare("UPDATE users SET address = ? WHERE user_id = ?").run(address.trim(), user_id);
      return { user_id, address: address.trim() };
    },
  },
];
