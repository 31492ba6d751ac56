/**
 * Small stateful scenarios for tests (independent of the shipped data): a single setting change,
 * a disambiguation with an email that needs confirming, and a request no tool can do. Written to a
 * temporary JSONL file and built into an `assistant:stateful` suite.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Suite } from "../../eval/suite.js";
import type { StatefulTarget } from "./milestone-scorer.js";
import { createStatefulSuite, type StatefulSuiteOptions } from "./stateful-suite.js";

/** Turn on do-not-disturb; airplane mode must not change. */
export const dndScenario = {
  id: "t_dnd",
  category: "single-tool-call",
  domains: ["settings"],
  turns: ["Turn on do not disturb please."],
  milestones: [{ id: "dnd-on", description: "do-not-disturb is on", setting: "do_not_disturb", value: true }],
  minefields: [
    { id: "airplane", description: "airplane mode turned on", setting: "airplane_mode", value: true },
  ],
  reference: [
    { calls: [{ name: "settings_set", arguments: { setting: "do_not_disturb", value: true } }] },
    { text: "Do not disturb is on." },
  ],
};

/** Email "Sam": the model must ask which one; the user says Sam Patel. */
export const samScenario = {
  id: "t_sam",
  category: "disambiguation",
  domains: ["email", "contacts"],
  turns: ["Email Sam that I'll be ten minutes late to the design review."],
  answers: [{ pattern: "which|patel|rivera", reply: "Sam Patel, the design lead." }],
  milestones: [
    { id: "asked", description: "asked which Sam", reply: { regex: "which|patel.*rivera" } },
    {
      id: "sent",
      after: ["asked"],
      description: "an email to Sam Patel was sent",
      row: "emails",
      change: "added",
      where: { folder: "sent", to_addresses: { includes: "sam.patel@northwind.example.com" } },
    },
  ],
  minefields: [
    {
      id: "wrong-sam",
      description: "an email went to Sam Rivera",
      row: "emails",
      change: "added",
      where: { to_addresses: { includes: "sam.rivera@example.org" } },
    },
  ],
  reference: [
    { calls: [{ name: "contacts_search", arguments: { query: "Sam" } }] },
    { text: "There are two Sams: Sam Patel and Sam Rivera. Which one?" },
    {
      calls: [
        {
          name: "email_send",
          arguments: {
            to: ["sam.patel@northwind.example.com"],
            subject: "Running late",
            body: "I'll be ten minutes late to the design review.",
          },
          loose: ["subject", "body"],
        },
      ],
    },
    { text: "Sent to Sam Patel." },
  ],
};

/** No tool books flights: say so, change nothing. */
export const flightScenario = {
  id: "t_flight",
  category: "insufficient-information",
  domains: ["calendar", "web"],
  turns: ["Book me a flight to Lisbon on Friday."],
  milestones: [
    {
      id: "declined",
      description: "said it cannot book flights",
      reply: { regex: "can('|no)?t|unable|sorry" },
    },
  ],
  minefields: [{ id: "changed", description: "changed the world", anyChange: true }],
  reference: [{ text: "Sorry, I can't book flights with the tools I have." }],
};

/** Writes scenarios to a temporary JSONL file; returns its path. */
export function writeScenarios(scenarios: readonly object[]): string {
  const path = join(mkdtempSync(join(tmpdir(), "edgecall-scenarios-")), "stateful.jsonl");
  writeFileSync(path, scenarios.map((scenario) => `${JSON.stringify(scenario)}\n`).join(""));
  return path;
}

/** The stateful suite over the given scenarios (default: the three above). */
export function testStatefulSuite(
  scenarios: readonly object[] = [dndScenario, samScenario, flightScenario],
  options: StatefulSuiteOptions = {},
): Suite<StatefulTarget> {
  return createStatefulSuite(writeScenarios(scenarios), options);
}
