/** The retail domain (`policy:retail`): orders, cancellations, returns, exchanges, addresses. */

import { readPolicyDocument } from "../policy-data.js";
import type { PolicyDomain } from "../policy-domain.js";
import { seedRetail } from "./retail-seed.js";
import { retailTasks } from "./retail-tasks.js";
import { retailSchema, retailTools } from "./retail-tools.js";

/** The retail domain, its policy read from data/suites/policy/retail.md. */
export function retailDomain(): PolicyDomain {
  return {
    name: "retail",
    policy: readPolicyDocument("retail.md"),
    schema: retailSchema,
    seed: seedRetail,
    agentTools: retailTools,
    authenticationTools: ["find_user_id_by_email", "find_user_id_by_name_zip"],
    publicTools: ["get_product_details"],
    tasks: retailTasks,
  };
}
