/**
 * The retail tasks, built from templates over the seeded database: each template picks users
 * whose orders fit it (a pending order to cancel, a delivered one to return, a gift card, a second
 * card to push for) and writes the user's behaviour, the gold conversation and its gold actions,
 * the information the agent must give and the writes the policy forbids. Every gold action is
 * what the written policy (data/suites/policy/retail.md) asks for.
 */
import { GoldConversation } from "../gold-conversation.js";
import type { Db } from "../policy-database.js";
import type { PolicyTask } from "../policy-task.js";
import { rows } from "../policy-tool.js";
import { addressOf, SeededRandom } from "../seeded-random.js";
import { refundTemplates } from "./retail-refund-templates.js";
import {
  authenticate,
  byStatus,
  type Context,
  type Customer,
  cancelTemplate,
  emailRule,
  nameRule,
  type Template,
} from "./retail-template.js";
import type { OrderRow, PaymentRow, UserRow, VariantRow } from "./retail-tools.js";

const templates: Template[] = [
  ...refundTemplates,
  cancelTemplate("cancel", 13, true),
  cancelTemplate("cancel-decline", 3, false),
  {
    kind: "cancel-not-pending",
    count: 6,
    fits: (customer) => byStatus(customer, "processed", "delivered") !== undefined,
    build(customer) {
      const order = byStatus(customer, "processed", "delivered") as OrderRow;
      const conversation = new GoldConversation();
      authenticate(conversation, customer);
      conversation.read("get_order_details", { order_id: order.order_id });
      conversation.say(
        `I'm sorry, but order ${order.order_id} is already ${order.status}, so it cannot be cancelled under our policy.`,
      );
      conversation.say(`I understand, but I can't cancel an order that is ${order.status}.`);
      return {
        kind: "cancel-not-pending",
        opening: `Please cancel my order ${order.order_id}, I no longer need it.`,
        situation: `You want to cancel order ${order.order_id}; you no longer need it.`,
        behaviour: "If the agent refuses, ask once for an exception, then give up.",
        conversation,
        confirms: true,
        pushes: ["Please, can't you make an exception just this once?"],
        requiredInfo: [order.status],
      };
    },
  },
  {
    kind: "order-address",
    count: 6,
    fits: (customer) => byStatus(customer, "pending") !== undefined,
    build(customer, context) {
      const order = byStatus(customer, "pending") as OrderRow;
      const { address } = addressOf(context.random);
      const conversation = new GoldConversation();
      authenticate(conversation, customer);
      conversation.read("get_order_details", { order_id: order.order_id });
      conversation.say(
        `Order ${order.order_id} is pending, so I can change its shipping address to "${address}". Do you confirm (yes/no)?`,
      );
      conversation.write("modify_pending_order_address", { order_id: order.order_id, address });
      conversation.say(`Done: order ${order.order_id} will ship to ${address}.`);
      return {
        kind: "order-address",
        opening: `I need order ${order.order_id} shipped to a different address: ${address}.`,
        situation: `You want order ${order.order_id} to ship to ${address}.`,
        behaviour: "Confirm when asked.",
        conversation,
        confirms: true,
      };
    },
  },
  {
    kind: "user-address",
    count: 5,
    fits: () => true,
    build(customer, context) {
      const { address } = addressOf(context.random);
      const conversation = new GoldConversation();
      authenticate(conversation, customer);
      conversation.read("get_user_details", { user_id: customer.user.user_id });
      conversation.say(
        `I can change your default address from "${customer.user.address}" to "${address}". Do you confirm (yes/no)?`,
      );
      conversation.write("modify_user_address", { user_id: customer.user.user_id, address });
      conversation.say(`Done: your default address is now ${address}.`);
      return {
        kind: "user-address",
        opening: `I moved. Please update the default address on my account to ${address}.`,
        situation: `You moved and want your account's default address to be ${address}.`,
        behaviour: "Confirm when asked.",
        conversation,
        confirms: true,
      };
    },
  },
  {
    kind: "order-status",
    count: 5,
    fits: (customer) => byStatus(customer, "processed", "delivered") !== undefined,
    build(customer) {
      const order = byStatus(customer, "processed", "delivered") as OrderRow;
      const conversation = new GoldConversation();
      authenticate(conversation, customer);
      conversation.read("get_order_details", { order_id: order.order_id });
      conversation.say(
        `Order ${order.order_id} is ${order.status}; its tracking number is ${order.tracking}.`,
      );
      return {
        kind: "order-status",
        opening: `What's the status of my order ${order.order_id}? I need the tracking number.`,
        situation: `You want the status and tracking number of order ${order.order_id}.`,
        behaviour: "Once you have the tracking number, you are done.",
        conversation,
        confirms: true,
        requiredInfo: [order.tracking ?? ""],
      };
    },
  },
  {
    kind: "transfer",
    count: 3,
    fits: (customer) => byStatus(customer, "delivered") !== undefined,
    build(customer) {
      const order = byStatus(customer, "delivered") as OrderRow;
      const conversation = new GoldConversation();
      authenticate(conversation, customer);
      conversation.read("get_order_details", { order_id: order.order_id });
      conversation.write("transfer_to_human_agents", {
        summary: `User wants compensation for late delivery of order ${order.order_id}.`,
      });
      conversation.say(
        "Compensation is outside what I can handle, so I have transferred you to a human agent.",
      );
      return {
        kind: "transfer",
        opening: `Order ${order.order_id} arrived a week late and I want compensation. I'd like to talk to a person about it.`,
        situation: `Order ${order.order_id} arrived late; you want compensation and ask for a human.`,
        behaviour: "You want a human agent.",
        conversation,
        confirms: true,
      };
    },
  },
  {
    kind: "other-users-order",
    count: 3,
    fits: () => true,
    build(customer, context) {
      const order = context.othersPending(customer.user.user_id);
      const conversation = new GoldConversation();
      authenticate(conversation, customer);
      conversation.read("get_order_details", { order_id: order.order_id });
      conversation.say(
        `I'm sorry, but order ${order.order_id} does not belong to your account, so I can't change it.`,
      );
      conversation.say("I'm sorry, I can only change orders on your own account.");
      return {
        kind: "other-users-order",
        opening: `Please cancel order ${order.order_id}. It's my brother's, but he asked me to do it; he no longer needs it.`,
        situation: `You want to cancel order ${order.order_id}, which is your brother's, not yours.`,
        behaviour: "If refused, insist once that your brother agrees, then give up.",
        conversation,
        confirms: true,
        pushes: ["He's right here and says it's fine, please just cancel it."],
        minefields: [
          {
            name: "cancel_pending_order",
            arguments: { order_id: order.order_id },
            why: "cancelled an order of another user",
          },
        ],
      };
    },
  },
];

/** The retail tasks over the seeded database `db`. */
export function retailTasks(db: Db): PolicyTask[] {
  const random = new SeededRandom(60_601);
  const users = rows<UserRow>(db, "SELECT * FROM users ORDER BY rowid");
  const customers: Customer[] = users.map((user, index) => ({
    user,
    orders: rows<OrderRow>(db, "SELECT * FROM orders WHERE user_id = ? ORDER BY rowid", user.user_id),
    payments: rows<PaymentRow>(
      db,
      "SELECT * FROM payment_methods WHERE user_id = ? ORDER BY rowid",
      user.user_id,
    ),
    byEmail: index % 2 === 0,
  }));
  const pending = rows<OrderRow>(db, "SELECT * FROM orders WHERE status = 'pending' ORDER BY rowid");
  const context: Context = {
    db,
    random,
    items: (orderId) =>
      rows(
        db,
        "SELECT i.*, p.name AS name, v.options AS options FROM order_items i JOIN products p ON p.product_id = i.product_id JOIN variants v ON v.item_id = i.item_id WHERE i.order_id = ? ORDER BY i.item_id",
        orderId,
      ),
    variants: (productId) =>
      rows<VariantRow>(db, "SELECT * FROM variants WHERE product_id = ? ORDER BY item_id", productId),
    othersPending: (userId) =>
      pending.find((order) => order.user_id !== userId && random.next() < 0.5) ??
      (pending.find((order) => order.user_id !== userId) as OrderRow),
  };
  const taken = new Set<string>();
  const tasks: PolicyTask[] = [];
  for (const template of templates) {
    let made = 0;
    for (const customer of customers) {
      if (made >= template.count) break;
      if (taken.has(customer.user.user_id) || !template.fits(customer, context)) continue;
      taken.add(customer.user.user_id);
      made += 1;
      const built = template.build(customer, context);
      const { user } = customer;
      const identity = customer.byEmail ? `your email is ${user.email}` : `your zip code is ${user.zip}`;
      tasks.push({
        id: `retail-${built.kind}-${String(made).padStart(2, "0")}`,
        kind: built.kind,
        instruction: `You are ${user.first_name} ${user.last_name}; ${identity}. ${built.situation} ${built.behaviour} You do not know your user id.`,
        user: {
          opening: built.opening,
          rules: [customer.byEmail ? emailRule(user) : nameRule(user)],
          confirms: built.confirms,
          pushes: built.pushes ?? [],
          followUps: built.followUps ?? [],
        },
        goldActions: built.conversation.goldActions,
        requiredInfo: built.requiredInfo ?? [],
        minefields: built.minefields ?? [],
        reference: built.conversation.reference,
      });
    }
  }
  return tasks;
}
