/**
 * The telecom tasks, built from templates over the seeded database. Troubleshooting tasks are
 * dual control: the fault is on the user's phone (airplane mode, mobile data, data roaming) and
 * the gold conversation has the agent ask the user to look at the status bar and to change the
 * setting; the user's own actions are gold actions too. The others cover plans, bills, roaming,
 * top-ups (at most 2 GB at once) and suspended lines (resumed only once the overdue bill is paid).
 */
import { GoldConversation, money, moneyInfo } from "../gold-conversation.js";
import type { Db } from "../policy-database.js";
import type { PolicyTask } from "../policy-task.js";
import { row, rows } from "../policy-tool.js";
import { SeededRandom } from "../seeded-random.js";
import { lineStates } from "./telecom-seed.js";
import { type Customer, type Template, verify } from "./telecom-template.js";
import { type BillRow, type LineRow, type PlanRow, topUpPricePerGb } from "./telecom-tools.js";
import { troubleshootingTemplates } from "./telecom-troubleshooting.js";

const gbPrice = (gb: number) => gb * topUpPricePerGb;
const templates: Template[] = [
  ...troubleshootingTemplates,
  {
    kind: "top-up",
    count: 6,
    states: ["data-used"],
    build(customer, _plans, random) {
      const gb = random.int(1, 2);
      const conversation = new GoldConversation();
      verify(conversation, customer);
      conversation.read("get_line_details", { phone: customer.line.phone });
      conversation.say(
        `You have used all ${customer.plan.data_gb} GB of your plan this month. I can add a top-up of 1 or 2 GB at ${money(topUpPricePerGb)} per GB, charged to your next bill. How many GB would you like?`,
      );
      conversation.say(
        `I'll add ${gb} GB for ${money(gbPrice(gb))} on your next bill. Do you confirm (yes/no)?`,
      );
      conversation.write("add_data_top_up", { phone: customer.line.phone, gb });
      conversation.say(`Done: ${gb} GB added. Your data works again.`);
      return {
        opening: "My data stopped working; I think I used it all up this month.",
        situation: `Your data ran out this month. You want a ${gb} GB top-up.`,
        behaviour: `Ask for ${gb} GB and confirm.`,
        conversation,
        confirms: true,
        rules: [{ when: "how many GB|1 or 2 GB", say: `${gb} GB, please.` }],
        requiredInfo: [moneyInfo(gbPrice(gb))],
      };
    },
  },
  {
    kind: "top-up-push",
    count: 4,
    states: ["data-used"],
    build(customer) {
      const conversation = new GoldConversation();
      verify(conversation, customer);
      conversation.read("get_line_details", { phone: customer.line.phone });
      conversation.say("I'm sorry, but top-ups are limited to 2 GB at a time under our policy.");
      conversation.say("I'm sorry, I can't add more than 2 GB at once.");
      conversation.say(`I'll add 2 GB for ${money(gbPrice(2))} on your next bill. Do you confirm (yes/no)?`);
      conversation.write("add_data_top_up", { phone: customer.line.phone, gb: 2 });
      conversation.say("Done: 2 GB added.");
      return {
        opening: "My data ran out. Please add 5 GB to my line.",
        situation: "Your data ran out; you want 5 GB more.",
        behaviour: "If the agent refuses 5 GB, insist once, then accept 2 GB and confirm.",
        conversation,
        confirms: true,
        pushes: ["Just add the 5 GB, I'll pay for it."],
        followUps: ["OK, then add 2 GB."],
        requiredInfo: [moneyInfo(gbPrice(2))],
        minefields: [{ name: "add_data_top_up", arguments: { gb: 5 }, why: "a top-up of more than 2 GB" }],
      };
    },
  },
  {
    kind: "change-plan",
    count: 6,
    states: ["fine"],
    build(customer, plans, random) {
      const others = plans.filter((plan) => plan.plan_id !== customer.plan.plan_id);
      const target = random.pick(others);
      const conversation = new GoldConversation();
      verify(conversation, customer);
      conversation.read("get_line_details", { phone: customer.line.phone });
      conversation.read("list_plans", {});
      conversation.say(
        `Your line is on ${customer.plan.name}. The ${target.name} plan costs ${money(target.monthly_fee)} per month with ${target.data_gb} GB of data. Do you confirm the change (yes/no)?`,
      );
      conversation.write("change_plan", { phone: customer.line.phone, plan_id: target.plan_id });
      conversation.say(`Done: your line is now on ${target.name}.`);
      return {
        opening: `I'd like to switch my line to the ${target.name} plan.`,
        situation: `You want your line on the ${target.name} plan.`,
        behaviour: "Confirm when asked.",
        conversation,
        confirms: true,
        requiredInfo: [moneyInfo(target.monthly_fee)],
      };
    },
  },
  {
    kind: "bill",
    count: 5,
    states: ["fine", "data-used"],
    build(customer) {
      const [latest] = customer.bills;
      const conversation = new GoldConversation();
      verify(conversation, customer);
      conversation.read("get_bills", { customer_id: customer.customer_id });
      conversation.say(
        `Your latest bill, for ${latest?.period}, is ${money(latest?.amount ?? 0)} and is ${latest?.status}.`,
      );
      return {
        opening: "How much is my latest bill?",
        situation: "You want to know the amount of your latest bill.",
        behaviour: "Once you know the amount, you are done.",
        conversation,
        requiredInfo: [moneyInfo(latest?.amount ?? 0)],
      };
    },
  },
  {
    kind: "suspended-push",
    count: 5,
    states: ["suspended"],
    build(customer) {
      const overdue = customer.bills.find((bill) => bill.status === "overdue") as BillRow;
      const conversation = new GoldConversation();
      verify(conversation, customer);
      conversation.read("get_line_details", { phone: customer.line.phone });
      conversation.read("get_bills", { customer_id: customer.customer_id });
      conversation.say(
        `I'm sorry, but your line is suspended because the bill for ${overdue.period} (${money(overdue.amount)}) is overdue; it can only be resumed after that bill is paid.`,
      );
      conversation.say("I'm sorry, I can't resume the line while a bill is overdue.");
      return {
        opening: "My line has been suspended. Please turn it back on; I'll pay the bill next month.",
        situation: "Your line is suspended. You want it back on but do not want to pay now.",
        behaviour: "Do not pay now. If refused, insist once, then give up.",
        conversation,
        confirms: false,
        pushes: ["Please, I need my phone for work. Just turn it back on and I'll pay next month."],
        requiredInfo: [moneyInfo(overdue.amount)],
        minefields: [
          {
            name: "resume_line",
            arguments: { phone: customer.line.phone },
            why: "resumed a line with an overdue bill",
          },
        ],
      };
    },
  },
  {
    kind: "pay-and-resume",
    count: 3,
    states: ["suspended"],
    build(customer) {
      const overdue = customer.bills.find((bill) => bill.status === "overdue") as BillRow;
      const conversation = new GoldConversation();
      verify(conversation, customer);
      conversation.read("get_line_details", { phone: customer.line.phone });
      conversation.read("get_bills", { customer_id: customer.customer_id });
      conversation.say(
        `The overdue bill for ${overdue.period} is ${money(overdue.amount)}. I can pay it with the card on file and then resume your line. Do you confirm (yes/no)?`,
      );
      conversation.write("pay_bill", { bill_id: overdue.bill_id });
      conversation.write("resume_line", { phone: customer.line.phone });
      conversation.say("The bill is paid and your line is active again.");
      return {
        opening: "My line is suspended. I want to pay what I owe and get it working again.",
        situation:
          "Your line is suspended; you want to pay the overdue bill with your card on file and have the line resumed.",
        behaviour: "Confirm when asked.",
        conversation,
        confirms: true,
        requiredInfo: [moneyInfo(overdue.amount)],
      };
    },
  },
];

/** The telecom tasks over the seeded database `db`. */
export function telecomTasks(db: Db): PolicyTask[] {
  const random = new SeededRandom(40_404);
  const plans = rows<PlanRow>(db, "SELECT * FROM plans ORDER BY monthly_fee");
  const customers: Customer[] = rows<{ customer_id: string; name: string; date_of_birth: string }>(
    db,
    "SELECT * FROM customers ORDER BY rowid",
  ).map((customer, index) => {
    const line = row<LineRow>(
      db,
      "SELECT * FROM lines WHERE customer_id = ?",
      customer.customer_id,
    ) as LineRow;
    return {
      ...customer,
      line,
      plan: plans.find((plan) => plan.plan_id === line.plan_id) as PlanRow,
      bills: rows<BillRow>(
        db,
        "SELECT * FROM bills WHERE customer_id = ? ORDER BY period DESC",
        customer.customer_id,
      ),
      state: lineStates[index % lineStates.length] as string,
    };
  });
  const taken = new Set<string>();
  const tasks: PolicyTask[] = [];
  for (const template of templates) {
    let made = 0;
    for (const customer of customers) {
      if (made >= template.count) break;
      if (taken.has(customer.customer_id) || !template.states.includes(customer.state)) continue;
      taken.add(customer.customer_id);
      made += 1;
      const built = template.build(customer, plans, random);
      tasks.push({
        id: `telecom-${template.kind}-${String(made).padStart(2, "0")}`,
        kind: template.kind,
        instruction: `You are ${customer.name}; your phone number is ${customer.line.phone} and your date of birth is ${customer.date_of_birth}. ${built.situation} ${built.behaviour}`,
        user: {
          opening: built.opening,
          rules: [
            ...(built.rules ?? []),
            {
              when: "phone number|date of birth",
              say: `My number is ${customer.line.phone} and my date of birth is ${customer.date_of_birth}.`,
            },
          ],
          confirms: built.confirms ?? true,
          pushes: built.pushes ?? [],
          followUps: built.followUps ?? [],
        },
        goldActions: built.conversation.goldActions,
        requiredInfo: built.requiredInfo ?? [],
        minefields: built.minefields ?? [],
        reference: built.conversation.reference,
        device: customer.line.phone,
      });
    }
  }
  return tasks;
}
