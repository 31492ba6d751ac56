/** The banking domain (`policy:banking`): accounts, transfers within limits, cards, disputes, policy documents. */

import { readPolicyDocument } from "../policy-data.js";
import type { PolicyDomain } from "../policy-domain.js";
import { seedBanking } from "./banking-seed.js";
import { bankingTasks } from "./banking-tasks.js";
import { bankingSchema, bankingTools } from "./banking-tools.js";
import { parseDocuments } from "./policy-documents.js";

/** The banking domain: its policy from data/suites/policy/banking.md, its searchable documents from banking-documents.md. */
export function bankingDomain(): PolicyDomain {
  return {
    name: "banking",
    policy: readPolicyDocument("banking.md"),
    schema: bankingSchema,
    seed: seedBanking,
    agentTools: bankingTools(parseDocuments(readPolicyDocument("banking-documents.md"))),
    authenticationTools: ["verify_customer"],
    publicTools: ["search_policy_documents"],
    tasks: bankingTasks,
  };
}
