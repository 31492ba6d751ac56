/**
 * The world of one policy sample: a fresh copy of its domain's seeded database, the agent's tools
 * over it (plus the transfer to a human every domain has), and the user's own tools over the same
 * database (dual control: the user's phone settings are rows the agent cannot touch). Snapshots are
 * every table's rows; closing the world closes the database.
 */
import type { Environment } from "../../eval/environment.js";
import { ToolRegistry } from "../../tools/tool-registry.js";
import { type Db, hashSnapshot, openCopy, snapshotDb } from "./policy-database.js";
import { type PolicyDomain, transferToolName } from "./policy-domain.js";
import { type PolicyToolSpec, policyTool, text } from "./policy-tool.js";

/** The table the transfer tool writes a row to (the gold actions of transfer tasks transfer). */
export const transfersTable = "CREATE TABLE transfers (seq INTEGER PRIMARY KEY AUTOINCREMENT);";

/** The transfer tool: records that the conversation went to a person. */
export const transferTool: PolicyToolSpec = {
  name: transferToolName,
  description:
    "Transfer the user to a human agent, with a summary of their issue. Use only when the request is " +
    "outside what the policy lets you handle, or when the user explicitly asks for a human. After it, tell the " +
    "user they are being transferred.",
  properties: { summary: text("A short summary of the user's issue") },
  write: true,
  run(db) {
    db.prepare("INSERT INTO transfers DEFAULT VALUES").run();
    return "Transfer successful";
  },
};

/** A policy sample's world. */
export interface PolicyEnvironment extends Environment {
  /** The user's own tools (empty for domains without dual control). */
  readonly userRegistry: ToolRegistry;
  readonly db: Db;
}

/** Registers each spec over `db` into a new registry. */
export function registryOf(specs: readonly PolicyToolSpec[], db: () => Db, owner?: string): ToolRegistry {
  const registry = new ToolRegistry();
  for (const spec of specs) registry.register(policyTool(spec, db, owner));
  return registry;
}

/** Opens a world on a fresh copy of `template`; the user's tools act on `device` (dual control). */
export function policyEnvironment(
  domain: PolicyDomain,
  template: Buffer,
  device?: string,
): PolicyEnvironment {
  const db = openCopy(template);
  let closed = false;
  return {
    db,
    registry: registryOf([...domain.agentTools, transferTool], () => db),
    userRegistry: registryOf(domain.userTools ?? [], () => db, device),
    snapshot: () => snapshotDb(db),
    hash: (snapshot) => hashSnapshot(snapshot),
    close() {
      if (closed) return;
      closed = true;
      db.close();
    },
  };
}
