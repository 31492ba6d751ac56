/** The telecom domain (`policy:telecom`): plans, bills, roaming, top-ups, and dual-control troubleshooting. */

import { readPolicyDocument } from "../policy-data.js";
import type { PolicyDomain } from "../policy-domain.js";
import { seedTelecom } from "./telecom-seed.js";
import { telecomTasks } from "./telecom-tasks.js";
import { phoneTools, telecomSchema, telecomTools } from "./telecom-tools.js";

/** The telecom domain, its policy read from data/suites/policy/telecom.md. */
export function telecomDomain(): PolicyDomain {
  return {
    name: "telecom",
    policy: readPolicyDocument("telecom.md"),
    schema: telecomSchema,
    seed: seedTelecom,
    agentTools: telecomTools,
    userTools: phoneTools,
    userToolsNote:
      "You have your phone in hand. Your tools read its status bar and turn airplane mode, mobile data and data roaming on or off. The agent cannot see your phone.",
    authenticationTools: ["verify_customer"],
    publicTools: ["list_plans"],
    tasks: telecomTasks,
  };
}
