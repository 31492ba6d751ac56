/** What the telecom task templates share: the customer they are built from, what a template writes, the status-bar rule and verification. */
import type { GoldConversation } from "../gold-conversation.js";
import type { Minefield, UserRule } from "../policy-task.js";
import type { SeededRandom } from "../seeded-random.js";
import type { BillRow, LineRow, PlanRow } from "./telecom-tools.js";

export interface Customer {
  customer_id: string;
  name: string;
  date_of_birth: string;
  line: LineRow;
  plan: PlanRow;
  bills: BillRow[];
  state: string;
}

export interface Built {
  opening: string;
  situation: string;
  behaviour: string;
  conversation: GoldConversation;
  rules?: UserRule[];
  confirms?: boolean;
  pushes?: string[];
  followUps?: string[];
  requiredInfo?: string[];
  minefields?: Minefield[];
}

export interface Template {
  kind: string;
  count: number;
  states: readonly string[];
  build(customer: Customer, plans: PlanRow[], random: SeededRandom): Built;
}

/** The user looks at the status bar whenever asked. */
export const statusRule: UserRule = {
  when: "status bar",
  say: "My status bar shows: {result}",
  do: [{ name: "check_status_bar", arguments: {} }],
  repeat: true,
};

export function verify(conversation: GoldConversation, customer: Customer): void {
  conversation.say(
    "I can help with that. First I need to verify your identity: what are your phone number and date of birth?",
  );
  conversation.read("verify_customer", { phone: customer.line.phone, date_of_birth: customer.date_of_birth });
}
