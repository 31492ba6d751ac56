/**
 * What the retail task templates share: the customer and context they are built from, what a
 * template writes, how the agent authenticates the user, and the cancellation template (used
 * twice: the user confirms, or changes their mind).
 */
import { GoldConversation, money, moneyInfo } from "../gold-conversation.js";
import type { Db } from "../policy-database.js";
import type { Minefield, UserRule } from "../policy-task.js";
import { cents } from "../policy-tool.js";
import type { SeededRandom } from "../seeded-random.js";
import type { ItemRow, OrderRow, PaymentRow, UserRow, VariantRow } from "./retail-tools.js";

export interface Customer {
  user: UserRow;
  orders: OrderRow[];
  payments: PaymentRow[];
  byEmail: boolean;
}

export interface Context {
  db: Db;
  random: SeededRandom;
  items(orderId: string): (ItemRow & { name: string; options: string })[];
  variants(productId: string): VariantRow[];
  /** A pending order of someone else. */
  othersPending(userId: string): OrderRow;
}

export interface Built {
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

export interface Template {
  kind: string;
  count: number;
  fits(customer: Customer, context: Context): boolean;
  build(customer: Customer, context: Context): Built;
}

export const emailRule = (user: UserRow): UserRule => ({
  when: "email address",
  say: `My email is ${user.email}.`,
});
export const nameRule = (user: UserRow): UserRule => ({
  when: "full name|zip code",
  say: `I'm ${user.first_name} ${user.last_name}, zip code ${user.zip}.`,
});

/** The agent authenticates the customer (asks, then looks them up). */
export function authenticate(conversation: GoldConversation, customer: Customer): void {
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

export const byStatus = (customer: Customer, ...statuses: string[]) =>
  customer.orders.find((order) => statuses.includes(order.status));
export const original = (customer: Customer, order: OrderRow) =>
  customer.payments.find((payment) => payment.payment_method_id === order.payment_method_id) as PaymentRow;
export const total = (items: { price: number }[]) => cents(items.reduce((sum, item) => sum + item.price, 0));
export const reasons = [
  ["no longer needed", "I no longer need it"],
  ["ordered by mistake", "I ordered it by mistake"],
] as const;

export function cancelTemplate(kind: string, count: number, confirms: boolean): Template {
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
