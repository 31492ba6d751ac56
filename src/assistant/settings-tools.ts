/**
 * Device settings tools: read and change Wi-Fi, Bluetooth, airplane mode, do-not-disturb, volume,
 * brightness and auto-brightness (with the dependency rules in settings-rules.ts). The alarms are
 * alarm-tools.ts.
 */
import { type Tool, ToolError } from "../tools/tool.js";
import {
  type AirplaneMemory,
  applySetting,
  defaultSettings,
  numericSettings,
  type SettingName,
  type Settings,
  settingNames,
} from "./settings-rules.js";
import type { StateSource } from "./state-source.js";
import type { AssistantState } from "./world.js";

/** The visible settings of a world (defaults for any not stored). */
export function readSettings(state: AssistantState): Settings {
  const settings: Settings = { ...defaultSettings };
  for (const row of state.db.prepare("SELECT key, value FROM settings").all() as {
    key: string;
    value: string;
  }[]) {
    if (row.key in settings) (settings as Record<string, unknown>)[row.key] = JSON.parse(row.value);
  }
  return settings;
}

/** How people name each setting. */
const settingWords: Record<SettingName, readonly string[]> = {
  wifi: ["wifi", "wi-fi", "wi fi", "wlan", "wireless"],
  bluetooth: ["bluetooth"],
  airplane_mode: ["airplane mode", "airplane", "aeroplane", "flight mode", "plane mode"],
  do_not_disturb: ["do not disturb", "do-not-disturb", "dnd", "disturb"],
  volume: ["volume", "sound", "mute", "unmute", "muted", "louder", "quieter", "ringer"],
  brightness: ["brightness", "brighter", "dimmer", "dim", "screen"],
  auto_brightness: ["auto brightness", "auto-brightness", "autobrightness", "adaptive brightness"],
};

/** Builds the settings tools (`settings_get`, `settings_set`) over a world. */
export function settingsTools(world: StateSource): Tool[] {
  const get: Tool<{ setting?: SettingName }> = {
    definition: {
      name: "settings_get",
      description: "Read one device setting, or all of them when no setting is named.",
      parameters: {
        type: "object",
        properties: { setting: { type: "string", enum: settingNames } },
        additionalProperties: false,
      },
    },
    sideEffect: "read",
    trustedOutput: {
      madeOf: "fixed-text",
      reason: "setting names and their values: booleans and whole numbers",
    },
    async execute(input) {
      const settings = readSettings(world());
      return input.setting ? { [input.setting]: settings[input.setting] } : settings;
    },
  };

  const set: Tool<{ setting: SettingName; value: boolean | number }> = {
    definition: {
      name: "settings_set",
      description:
        "Change a device setting. volume and brightness take a whole percentage 0-100; the others take true or false. " +
        "Airplane mode turns Wi-Fi and Bluetooth off (they can be turned back on explicitly); setting brightness turns auto_brightness off.",
      parameters: {
        type: "object",
        properties: {
          setting: { type: "string", enum: settingNames },
          value: {
            type: ["boolean", "integer"],
            description: "true/false, or 0-100 for volume and brightness",
          },
        },
        required: ["setting", "value"],
        additionalProperties: false,
        allOf: [
          {
            if: { properties: { setting: { enum: numericSettings } } },
            // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then/else keywords
            then: { properties: { value: { type: "integer", minimum: 0, maximum: 100 } } },
            else: { properties: { value: { type: "boolean" } } },
          },
        ],
      },
    },
    sideEffect: "write",
    trustedOutput: {
      madeOf: "fixed-text",
      reason:
        "setting names, their old and new values (booleans, numbers) and fixed notes (settings-rules.ts)",
    },
    intentWords: [
      "turn",
      "set",
      "switch",
      "enable",
      "disable",
      "change",
      "put",
      "make",
      "mute",
      "raise",
      "lower",
      "dim",
      "increase",
      "decrease",
    ],
    targets: (input) => [
      {
        kind: "setting",
        argument: "setting",
        value: input.setting,
        names: [input.setting, input.setting.replaceAll("_", " "), ...settingWords[input.setting]],
      },
    ],
    async execute(input) {
      const state = world();
      const numeric = numericSettings.includes(input.setting);
      if (numeric ? typeof input.value !== "number" : typeof input.value !== "boolean") {
        throw new ToolError(
          "invalid-arguments",
          `${input.setting} takes ${numeric ? "a number 0-100" : "true or false"}`,
        );
      }
      const memoryText = state.meta("airplane_memory");
      const memory = memoryText ? (JSON.parse(memoryText) as AirplaneMemory) : null;
      const change = applySetting(readSettings(state), memory, input.setting, input.value);
      state.transaction(() => {
        for (const item of change.changed) {
          state.db
            .prepare("UPDATE settings SET value = ? WHERE key = ?")
            .run(JSON.stringify(item.to), item.name);
        }
        state.setMeta("airplane_memory", change.memory ? JSON.stringify(change.memory) : undefined);
      });
      return { changed: change.changed, notes: change.notes, settings: change.settings };
    },
  };

  return [get, set];
}
