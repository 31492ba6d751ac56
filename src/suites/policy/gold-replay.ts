/**
 * The target database of a task: its gold actions replayed, in order, on a fresh copy of the
 * domain's seeded database (agent tools and, for dual control, the user's own tools). A gold
 * action that fails makes the task unusable; the failure names the task and the action.
 */
import { canonicalJson } from "../../canonical-json.js";
import { errorMessage } from "../../error-message.js";
import { type DbSnapshot, openCopy, snapshotDb } from "./policy-database.js";
import type { PolicyDomain } from "./policy-domain.js";
import { transferTool } from "./policy-environment.js";
import type { PolicyTask } from "./policy-task.js";

/** The target database, or why it cannot be made. */
export type GoldState = { ok: true; snapshot: DbSnapshot } | { ok: false; failure: string };

/** Replays `task`'s gold actions on a fresh copy of `template`. */
export function replayGold(domain: PolicyDomain, template: Buffer, task: PolicyTask): GoldState {
  const db = openCopy(template);
  try {
    for (const [index, action] of task.goldActions.entries()) {
      const specs = action.by === "user" ? (domain.userTools ?? []) : [...domain.agentTools, transferTool];
      const spec = specs.find((candidate) => candidate.name === action.name);
      const shown = `#${index + 1} ${action.by === "user" ? "(user) " : ""}${action.name}(${canonicalJson(action.arguments)})`;
      if (spec === undefined)
        return { ok: false, failure: `task ${task.id}: gold action ${shown}: no such tool` };
      try {
        const owner = action.by === "user" ? task.device : undefined;
        if (spec.write) db.transaction(() => spec.run(db, action.arguments, owner))();
        else spec.run(db, action.arguments, owner);
      } catch (error) {
        return { ok: false, failure: `task ${task.id}: gold action ${shown} failed: ${errorMessage(error)}` };
      }
    }
    return { ok: true, snapshot: snapshotDb(db) };
  } finally {
    db.close();
  }
}
