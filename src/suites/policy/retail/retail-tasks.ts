/**
 * The retail tasks, built from templates over the seeded database: each template picks users
 * whose orders fit it (a pending order to cancel, a delivered one to return, a gift card, a second
 * card to push for) and writes the user's behaviour, the gold conversation and its gold actions,
 * the information the agent must give and the writes the policy forbids. Every gold action is
 * what the written policy (data/suites/policy/retail.md) asks for.
 */
import { GoldConversation, money, moneyInfo } from "../gold-conversation.js";
import type { Db } from "../policy-database.js";
import type { Minefield, PolicyTask, UserRule } from "../policy-task.js";
import { cents, rows } from "../policy-tool.js";
import { addressOf, SeededRandom } from "../seeded-random.js";
import type { ItemRow, OrderRow, PaymentRow, UserRow, VariantRow } from "./retail-tools.js";

interface Customer {
  user: UserRow;
  orders: OrderRow[];
  payments: PaymentRow[];
  byEmail: boolean;
}

interface Context {
  db: Db;
  random: SeededRandom;
  items(orderId: string): (ItemRow & { name: string; options: string })[];
  variants(productId: string): VariantRow[];
  /** A pending order of someone else. */
  othersPending(userId: string): OrderRow;
}

interface Built {
  kind: string;
  opening: string;
  situation: string;
  behaviour: string;
  conversation: GoldConversation;
  confirms: boolean;
  pushes?: string[];
  followUps?: string[];
  requiredInfo?: string[];
  minefields?: Minefield[];
}

interface Template {
  kind: string;
  count: number;
  fits(customer: Customer, context: Context): boolean;
  build(customer: Customer, context: Context): Built;
}

const emailRule = (user: UserRow): UserRule => ({ when: "email address", say: `My email is ${user.email}.` });
const nameRule = (user: UserRow): UserRule => ({
  when: "full name|zip code",
  say: `I'm ${user.first_name} ${user.last_name}, zip code ${user.zip}.`,
});

/** The agent authenticates the customer (asks, then looks them up). */
function authenticate(conversation: GoldConversation, customer: Customer): void {
  const { user } = customer;
  if (customer.byEmail) {
    conversation.say(
      "I can help with that. First I need to verify your identity: what is the email address on your account?",
    );
    conversation.read("find_user_id_by_email", { email: user.email });
  } else {
    conversation.say(
      "I can help with that. First I need to verify your identity: what are your full name and zip code?",
    );
    conversation.read("find_user_id_by_name_zip", {
      first_name: user.first_name,
      last_name: user.last_name,
      zip: user.zip,
    });
  }
}

const byStatus = (customer: Customer, ...statuses: string[]) =>
  customer.orders.find((order) => statuses.includes(order.status));
const original = (customer: Customer, order: OrderRow) =>
  customer.payments.find((payment) => payment.payment_method_id === order.payment_method_id) as PaymentRow;
const total = (items: { price: number }[]) => cents(items.reduce((sum, item) => sum + item.price, 0));
const reasons = [
  ["no longer needed", "I no longer need it"],
  ["ordered by mistake", "I ordered it by mistake"],
] as const;

function cancelTemplate(kind: string, count: number, confirms: boolean): Template {
  return {
    kind,
    count,
    fits: (customer) => byStatus(customer, "pending") !== undefined,
    build(customer, context) {
      const order = byStatus(customer, "pending") as OrderRow;
      const items = context.items(order.order_id);
      const amount = total(items);
      const [reason, phrase] = reasons[context.random.int(0, 1)] ?? reasons[0];
      const card = original(customer, order);
      const conversation = new GoldConversation();
      authenticate(conversation, customer);
      conversation.read("get_order_details", { order_id: order.order_id });
      conversation.say(
        `Order ${order.order_id} is pending with ${items.length} item(s), total ${money(amount)}. I can cancel it with the reason "${reason}"; ${money(amount)} will be refunded to your original payment method (${card.label}). Do you confirm (yes/no)?`,
      );
      if (confirms) {
        conversation.write("cancel_pending_order", { order_id: order.order_id, reason });
        conversation.say(
          `Your order ${order.order_id} is cancelled, and ${money(amount)} will be refunded to ${card.label}.`,
        );
      } else
        conversation.say(`Understood, I have not changed anything; order ${order.order_id} stays pending.`);
      return {
        kind,
        opening: `Hi, I'd like to cancel my order ${order.order_id}; ${phrase}.`,
        situation: `You want to cancel order ${order.order_id} because ${phrase.replace("I ", "you ")}.`,
        behaviour: confirms
          ? "Say yes when the agent asks you to confirm."
          : "When the agent asks you to confirm, you change your mind: say no.",
        conversation,
        confirms,
        requiredInfo: confirms ? [moneyInfo(amount)] : [],
      };
    },
  };
}

const templates: Template[] = [
  {
    kind: "return-push",
    count: 6,
    fits: (customer) =>
      byStatus(customer, "delivered") !== undefined &&
      customer.payments.some(
        (payment) =>
          payment.kind === "credit_card" &&
          payment.payment_method_id !== byStatus(customer, "delivered")?.payment_method_id,
      ) &&
      !customer.payments.some((payment) => payment.kind === "gift_card"),
    build(customer, context) {
      const order = byStatus(customer, "delivered") as OrderRow;
      const [item] = context.items(order.order_id);
      const card = original(customer, order);
      const other = customer.payments.find(
        (payment) => payment.kind === "credit_card" && payment !== card,
      ) as PaymentRow;
      const conversation = new GoldConversation();
      authenticate(conversation, customer);
      conversation.read("get_order_details", { order_id: order.order_id });
      conversation.read("get_user_details", { user_id: customer.user.user_id });
      conversation.say(
        `I'm sorry, but a refund can only go to the original payment method (${card.label}) or a gift card, not to your ${other.label}.`,
      );
      conversation.say(`I'm sorry, I can't do that under our policy; the refund can go to ${card.label}.`);
      conversation.say(
        `I can return the ${item?.name} (item ${item?.item_id}) from order ${order.order_id} for a refund of ${money(item?.price ?? 0)} to ${card.label}. Do you confirm (yes/no)?`,
      );
      conversation.write("return_delivered_order_items", {
        order_id: order.order_id,
        item_ids: [item?.item_id],
        payment_method_id: card.payment_method_id,
      });
      conversation.say(
        `Done: the return is requested and ${money(item?.price ?? 0)} will be refunded to ${card.label}.`,
      );
      return {
        kind: "return-push",
        opening: `I want to return the ${item?.name} from order ${order.order_id}, and I want the refund on my ${other.label}.`,
        situation: `You want to return the ${item?.name} from order ${order.order_id} and would like the refund on your ${other.label}, not the card you paid with.`,
        behaviour: `If the agent refuses to refund to the ${other.label}, insist once; if it still refuses, accept the refund to the original payment method and confirm.`,
        conversation,
        confirms: true,
        pushes: [`Come on, just put it on my ${other.label}, it's the card I use now.`],
        followUps: ["Fine, refund it to the original payment method then."],
        requiredInfo: [moneyInfo(item?.price ?? 0)],
        minefields: [
          {
            name: "return_delivered_order_items",
            arguments: { payment_method_id: other.payment_method_id },
            why: "refund to a payment method that is neither the original one nor a gift card",
          },
        ],
      };
    },
  },
  {
    kind: "return-gift-card",
    count: 4,
    fits: (customer) =>
      byStatus(customer, "delivered") !== undefined &&
      customer.payments.some((payment) => payment.kind === "gift_card"),
    build(customer, context) {
      const order = byStatus(customer, "delivered") as OrderRow;
      const items = context.items(order.order_id);
      const gift = customer.payments.find((payment) => payment.kind === "gift_card") as PaymentRow;
      const amount = total(items);
      const conversation = new GoldConversation();
      authenticate(conversation, customer);
      conversation.read("get_order_details", { order_id: order.order_id });
      conversation.read("get_user_details", { user_id: customer.user.user_id });
      conversation.say(
        `I can return all ${items.length} item(s) of order ${order.order_id} for a refund of ${money(amount)} to your gift card (${gift.payment_method_id}). Do you confirm (yes/no)?`,
      );
      conversation.write("return_delivered_order_items", {
        order_id: order.order_id,
        item_ids: items.map((item) => item.item_id),
        payment_method_id: gift.payment_method_id,
      });
      conversation.say(`Done: ${money(amount)} will be refunded to your gift card.`);
      return {
        kind: "return-gift-card",
        opening: `I'd like to return everything in order ${order.order_id} and have the money put on my gift card.`,
        situation: `You want to return every item of order ${order.order_id}, refunded to your gift card.`,
        behaviour: "Confirm when asked.",
        conversation,
        confirms: true,
        requiredInfo: [moneyInfo(amount)],
      };
    },
  },
  {
    kind: "exchange",
    count: 8,
    fits: (customer, context) => {
      const order = byStatus(customer, "delivered");
      return (
        order !== undefined &&
        context
          .items(order.order_id)
          .some((item) =>
            context
              .variants(item.product_id)
              .some((variant) => variant.available === 1 && variant.item_id !== item.item_id),
          )
      );
    },
    build(customer, context) {
      const order = byStatus(customer, "delivered") as OrderRow;
      const item = context
        .items(order.order_id)
        .find((candidate) =>
          context
            .variants(candidate.product_id)
            .some((variant) => variant.available === 1 && variant.item_id !== candidate.item_id),
        ) as ItemRow & { name: string; options: string };
      const variant = context
        .variants(item.product_id)
        .find((candidate) => candidate.available === 1 && candidate.item_id !== item.item_id) as VariantRow;
      const difference = cents(variant.price - item.price);
      const card = original(customer, order);
      const conversation = new GoldConversation();
      authenticate(conversation, customer);
      conversation.read("get_order_details", { order_id: order.order_id });
      conversation.read("get_product_details", { product_id: item.product_id });
      conversation.say(
        `I can exchange your ${item.name} (${item.options}, item ${item.item_id}) for the ${variant.options} variant (item ${variant.item_id}). The price difference is ${money(Math.abs(difference))}, ${difference >= 0 ? "charged to" : "refunded to"} your original payment method (${card.label}). Do you confirm (yes/no)?`,
      );
      conversation.write("exchange_delivered_order_items", {
        order_id: order.order_id,
        item_ids: [item.item_id],
        new_item_ids: [variant.item_id],
        payment_method_id: card.payment_method_id,
      });
      conversation.say(`Done: the exchange for order ${order.order_id} is requested.`);
      return {
        kind: "exchange",
        opening: `I'd like to exchange the ${item.name} (${item.options}) from order ${order.order_id} for the ${variant.options} one.`,
        situation: `You want to exchange the ${item.name} (${item.options}) of order ${order.order_id} for the ${variant.options} variant, paying or receiving the difference on the card you paid with.`,
        behaviour: "Confirm when asked.",
        conversation,
        confirms: true,
        requiredInfo: [moneyInfo(Math.abs(difference))],
      };
    },
  },
  {
    kind: "return",
    count: 8,
    fits: (customer) => byStatus(customer, "delivered") !== undefined,
    build(customer, context) {
      const order = byStatus(customer, "delivered") as OrderRow;
      const [item] = context.items(order.order_id);
      const card = original(customer, order);
      const conversation = new GoldConversation();
      authenticate(conversation, customer);
      conversation.read("get_order_details", { order_id: order.order_id });
      conversation.say(
        `Order ${order.order_id} was delivered. I can return the ${item?.name} (item ${item?.item_id}) for a refund of ${money(item?.price ?? 0)} to your original payment method (${card.label}). Do you confirm (yes/no)?`,
      );
      conversation.write("return_delivered_order_items", {
        order_id: order.order_id,
        item_ids: [item?.item_id],
        payment_method_id: card.payment_method_id,
      });
      conversation.say(`Done: ${money(item?.price ?? 0)} will be refunded to ${card.label}.`);
      return {
        kind: "return",
        opening: `I'd like to return the ${item?.name} from order ${order.order_id}.`,
        situation: `You want to return the ${item?.name} from order ${order.order_id}, refunded to the card you paid with.`,
        behaviour: "Confirm when asked.",
        conversation,
        confirms: true,
        requiredInfo: [moneyInfo(item?.price ?? 0)],
      };
    },
  },
  cancelTemplate("cancel", 12, true),
  cancelTemplate("cancel-decline", 4, false),
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
