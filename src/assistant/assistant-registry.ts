/**
 * The personal-assistant tool suite in one registry: calendar, email, contacts, files, settings,
 * web and shop tools over one world. The world may be given lazily, so the suite can be listed
 * (for `edgecall tools list`, MCP `tools/list`) without opening any state.
 */
import { EdgecallError } from "../errors.js";
import { ToolRegistry } from "../tools/tool-registry.js";
import { alarmTools } from "./alarm-tools.js";
import { calendarTools } from "./calendar-tools.js";
import { contactsTools } from "./contacts.js";
import { emailReadTools } from "./email-read-tools.js";
import { emailSendTools } from "./email-send-tools.js";
import { filesTools } from "./files-tools.js";
import { settingsTools } from "./settings-tools.js";
import { shopTools } from "./shop-tools.js";
import type { StateSource } from "./state-source.js";
import { loadWebCorpus, type WebCorpus } from "./web-corpus.js";
import { webTools } from "./web-tools.js";
import type { AssistantState } from "./world.js";

/** Options of {@link createAssistantRegistry}. */
export interface AssistantRegistryOptions {
  /** The offline web (default: the shipped corpus, loaded on first use). */
  webCorpus?: WebCorpus | (() => WebCorpus);
}

/** A state source that refuses to run: for listing tools without a world. */
export const noWorld: StateSource = () => {
  throw new EdgecallError("internal", "this tool registry was built without a world; open one to run tools");
};

/** Builds every assistant tool over `state` (an open world or a function returning one). */
export function createAssistantRegistry(
  state: AssistantState | StateSource = noWorld,
  options: AssistantRegistryOptions = {},
): ToolRegistry {
  const world: StateSource = typeof state === "function" ? state : () => state;
  const given = options.webCorpus;
  const corpus =
    given === undefined ? () => loadWebCorpus() : typeof given === "function" ? given : () => given;
  const registry = new ToolRegistry();
  const tools = [
    ...calendarTools(world),
    ...emailReadTools(world),
    ...emailSendTools(world),
    ...contactsTools(world),
    ...filesTools(world),
    ...settingsTools(world),
    ...alarmTools(world),
    ...webTools(corpus, typeof state === "function" && state === noWorld ? undefined : world),
    ...shopTools(world),
  ];
  for (const tool of tools) registry.register(tool);
  return registry;
}
