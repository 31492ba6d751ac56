/**
 * Writes data/assistant/fixtures/default-world.json, the assistant world seeded on first use.
 * Deterministic: running it twice gives the same bytes.
 *   node --import tsx scripts/generate-assistant-world.ts
 */
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { defaultWorld } from "./assistant-data/world-fixture.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const target = join(root, "data", "assistant", "fixtures", "default-world.json");
const world = defaultWorld();
writeFileSync(target, `${JSON.stringify(world, null, 1)}\n`);
console.log(
  `wrote ${target}: ${world.contacts.length} contacts, ${world.events.length} events, ${world.emails.length} emails, ` +
    `${Object.keys(world.files).length} files, ${world.catalog.length} catalog items`,
);
