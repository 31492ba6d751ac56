/**
 * The retail templates that refund: returns to the original payment method, to a gift card, with
 * a user who pushes for another card (a minefield), and exchanges for another variant.
 */
import { GoldConversation, money, moneyInfo } from "../gold-conversation.js";
import { cents } from "../policy-tool.js";
import { authenticate, byStatus, original, type Template, total } from "./retail-template.js";
import type { ItemRow, OrderRow, PaymentRow, VariantRow } from "./retail-tools.js";

/** Returns and exchanges. */
export const refundTemplates: Template[] = [
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
];
