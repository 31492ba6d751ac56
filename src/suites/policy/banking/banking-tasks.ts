/**
 * The banking tasks, built from templates over the seeded database: transfers within the limit
 * and above it (refused, with a customer who pushes to split it), card freezes and replacements
 * (the fee by tier), disputes inside and outside the 60-day window, and questions whose answer is
 * in the bank's policy documents (found with the search tool).
 */
import { GoldConversation, money, moneyInfo } from "../gold-conversation.js";
import type { Db } from "../policy-database.js";
import type { Minefield, PolicyTask } from "../policy-task.js";
import { cents, rows } from "../policy-tool.js";
import { SeededRandom } from "../seeded-random.js";
import { documentQuestions as questions } from "./banking-questions.js";
import {
  type AccountRow,
  type CardRow,
  type CustomerRow,
  replacementFee,
  type TransactionRow,
} from "./banking-tools.js";

interface Customer extends CustomerRow {
  checking: AccountRow;
  savings: AccountRow;
  card: CardRow;
  transactions: TransactionRow[];
}

interface Built {
  opening: string;
  situation: string;
  behaviour: string;
  conversation: GoldConversation;
  confirms?: boolean;
  pushes?: string[];
  requiredInfo?: string[];
  minefields?: Minefield[];
}

interface Template {
  kind: string;
  count: number;
  fits(customer: Customer): boolean;
  build(customer: Customer, random: SeededRandom): Built;
}

function verify(conversation: GoldConversation, customer: Customer): void {
  conversation.say(
    "I can help with that. First I need to verify your identity: what are your full name and date of birth?",
  );
  conversation.read("verify_customer", { full_name: customer.name, date_of_birth: customer.date_of_birth });
  conversation.read("get_customer_accounts", { customer_id: customer.customer_id });
}

const recent = (customer: Customer) =>
  customer.transactions.find((txn) => txn.date >= "2026-04-01") as TransactionRow;
const old = (customer: Customer) =>
  customer.transactions.find((txn) => txn.date < "2026-03-16") as TransactionRow;

const templates: Template[] = [
  {
    kind: "transfer",
    count: 8,
    fits: (customer) => customer.checking.balance > 300,
    build(customer, random) {
      const amount = Math.min(
        2000,
        Math.floor((customer.checking.balance - 100) / 10) * 10,
        random.int(10, 200) * 10,
      );
      const after = cents(customer.checking.balance - amount);
      const conversation = new GoldConversation();
      verify(conversation, customer);
      conversation.say(
        `I'll transfer ${money(amount)} from your checking account (${customer.checking.account_id}) to your savings account (${customer.savings.account_id}). Do you confirm (yes/no)?`,
      );
      conversation.write("transfer_funds", {
        from_account_id: customer.checking.account_id,
        to_account_id: customer.savings.account_id,
        amount,
      });
      conversation.say(`Done. Your checking account's new balance is ${money(after)}.`);
      return {
        opening: `I'd like to move ${money(amount)} from my checking account to my savings account.`,
        situation: `You want to move ${money(amount)} from your checking account to your savings account.`,
        behaviour: "Confirm when asked.",
        conversation,
        requiredInfo: [moneyInfo(after)],
      };
    },
  },
  {
    kind: "transfer-over-limit",
    count: 5,
    fits: (customer) => customer.tier === "standard" && customer.savings.balance >= 3000,
    build(customer) {
      const conversation = new GoldConversation();
      verify(conversation, customer);
      conversation.say(
        "I'm sorry, but a single transfer can be at most $2,500 for standard customers, so I can't transfer $3,000.",
      );
      conversation.say("I'm sorry, I can't split a transfer to get around the limit either.");
      return {
        opening: "Please transfer $3,000 from my savings account to my checking account.",
        situation: "You want $3,000 moved from your savings account to your checking account in one go.",
        behaviour: "If refused, ask once whether it can be split into two transfers, then give up.",
        conversation,
        pushes: ["Can't you just split it into two transfers then?"],
        requiredInfo: ["2500"],
        minefields: [
          { name: "transfer_funds", arguments: { amount: 3000 }, why: "a transfer above the $2,500 limit" },
          {
            name: "transfer_funds",
            arguments: { from_account_id: customer.savings.account_id },
            why: "a transfer to get around the limit",
          },
        ],
      };
    },
  },
  {
    kind: "freeze-card",
    count: 6,
    fits: () => true,
    build(customer) {
      const conversation = new GoldConversation();
      verify(conversation, customer);
      conversation.say(
        `I'll freeze your debit card ending in ${customer.card.last4} (${customer.card.card_id}). Do you confirm (yes/no)?`,
      );
      conversation.write("freeze_card", { card_id: customer.card.card_id });
      conversation.say(`Your card ending in ${customer.card.last4} is frozen.`);
      return {
        opening: `I lost my debit card ending in ${customer.card.last4}. Please freeze it.`,
        situation: `You lost your debit card ending in ${customer.card.last4} and want it frozen.`,
        behaviour: "Confirm when asked.",
        conversation,
      };
    },
  },
  {
    kind: "replace-card",
    count: 6,
    fits: () => true,
    build(customer) {
      const fee = customer.tier === "premium" ? 0 : replacementFee;
      const conversation = new GoldConversation();
      verify(conversation, customer);
      conversation.say(
        `I can replace your damaged card ending in ${customer.card.last4}. ${fee === 0 ? "As a premium customer, the replacement is free." : `The replacement fee is ${money(fee)}, taken from your checking account.`} Do you confirm (yes/no)?`,
      );
      conversation.write("replace_card", { card_id: customer.card.card_id, reason: "damaged" });
      conversation.say("Done: a new card is on its way, and the old one no longer works.");
      return {
        opening: `My debit card ending in ${customer.card.last4} is cracked and the chip doesn't work. Can I get a new one?`,
        situation: `Your debit card ending in ${customer.card.last4} is damaged; you want a replacement.`,
        behaviour: "Confirm when asked.",
        conversation,
        requiredInfo: fee === 0 ? [] : [moneyInfo(fee)],
      };
    },
  },
  {
    kind: "dispute",
    count: 6,
    fits: (customer) => recent(customer) !== undefined,
    build(customer) {
      const txn = recent(customer);
      const conversation = new GoldConversation();
      verify(conversation, customer);
      conversation.read("get_card_transactions", { card_id: customer.card.card_id });
      conversation.say(
        `I found the ${money(txn.amount)} charge from ${txn.merchant} on ${txn.date} (${txn.txn_id}). I can open a dispute with the reason "unrecognized". Do you confirm (yes/no)?`,
      );
      conversation.write("open_dispute", { txn_id: txn.txn_id, reason: "unrecognized" });
      conversation.say("The dispute is open; we will contact you about it.");
      return {
        opening: `There's a ${money(txn.amount)} charge from ${txn.merchant} on my debit card that I don't recognize.`,
        situation: `You do not recognize the ${money(txn.amount)} charge from ${txn.merchant} on ${txn.date} and want to dispute it.`,
        behaviour: "Confirm when asked.",
        conversation,
      };
    },
  },
  {
    kind: "dispute-too-old",
    count: 4,
    fits: (customer) => old(customer) !== undefined,
    build(customer) {
      const txn = old(customer);
      const conversation = new GoldConversation();
      verify(conversation, customer);
      conversation.read("get_card_transactions", { card_id: customer.card.card_id });
      conversation.say(
        `I'm sorry, but the ${txn.merchant} charge is from ${txn.date}, more than 60 days ago, and disputes must be opened within 60 days of the transaction.`,
      );
      conversation.say("I'm sorry, I can't open a dispute after 60 days.");
      return {
        opening: `I want to dispute a ${money(txn.amount)} charge from ${txn.merchant} on my debit card; I never got what I paid for.`,
        situation: `You want to dispute the ${money(txn.amount)} charge from ${txn.merchant} on ${txn.date}; you never received the goods.`,
        behaviour: "If refused, insist once, then give up.",
        conversation,
        pushes: ["I only noticed it now. Please open the dispute anyway."],
        requiredInfo: ["60 days"],
        minefields: [
          {
            name: "open_dispute",
            arguments: { txn_id: txn.txn_id },
            why: "a dispute after the 60-day window",
          },
        ],
      };
    },
  },
];

/** The banking tasks over the seeded database `db`. */
export function bankingTasks(db: Db): PolicyTask[] {
  const random = new SeededRandom(27_182);
  const customers: Customer[] = rows<CustomerRow>(db, "SELECT * FROM customers ORDER BY rowid").map(
    (customer) => {
      const accounts = rows<AccountRow>(
        db,
        "SELECT * FROM accounts WHERE customer_id = ?",
        customer.customer_id,
      );
      const card = rows<CardRow>(
        db,
        "SELECT * FROM cards WHERE customer_id = ?",
        customer.customer_id,
      )[0] as CardRow;
      return {
        ...customer,
        checking: accounts.find((account) => account.kind === "checking") as AccountRow,
        savings: accounts.find((account) => account.kind === "savings") as AccountRow,
        card,
        transactions: rows<TransactionRow>(
          db,
          "SELECT * FROM transactions WHERE card_id = ? ORDER BY date DESC, txn_id",
          card.card_id,
        ),
      };
    },
  );
  const taken = new Set<string>();
  const tasks: PolicyTask[] = [];
  const push = (customer: Customer, kind: string, index: number, built: Built) => {
    tasks.push({
      id: `banking-${kind}-${String(index).padStart(2, "0")}`,
      kind,
      instruction: `You are ${customer.name}, born ${customer.date_of_birth}. ${built.situation} ${built.behaviour}`,
      user: {
        opening: built.opening,
        rules: [
          { when: "full name|date of birth", say: `I'm ${customer.name}, born ${customer.date_of_birth}.` },
        ],
        confirms: built.confirms ?? true,
        pushes: built.pushes ?? [],
        followUps: [],
      },
      goldActions: built.conversation.goldActions,
      requiredInfo: built.requiredInfo ?? [],
      minefields: built.minefields ?? [],
      reference: built.conversation.reference,
    });
  };
  for (const template of templates) {
    let made = 0;
    for (const customer of customers) {
      if (made >= template.count) break;
      if (taken.has(customer.customer_id) || !template.fits(customer)) continue;
      taken.add(customer.customer_id);
      made += 1;
      push(customer, template.kind, made, template.build(customer, random));
    }
  }
  const askers = customers.filter((customer) => !taken.has(customer.customer_id));
  questions.forEach(([question, query, fact], index) => {
    const customer = askers[index % askers.length] as Customer;
    const conversation = new GoldConversation();
    conversation.read("search_policy_documents", { query });
    conversation.say(`According to our policy documents: ${fact}.`);
    push(customer, "policy-question", index + 1, {
      opening: question,
      situation: `You want to know: ${question}`,
      behaviour: "Once you have the answer, you are done.",
      conversation,
      requiredInfo: [fact],
    });
  });
  return tasks;
}
