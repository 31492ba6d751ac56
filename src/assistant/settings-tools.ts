/**
 * Device settings tools: read and change Wi-Fi, Bluetooth, airplane mode, do-not-disturb, volume,
 * brightness and auto-brightness (with the dependency rules in settings-rules.ts), and manage
 * alarms.
 */
import { type CallTarget, type Tool, ToolError } from "../tools/tool.js";
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
import { distinctNamesOf, labelNames } from "./target-names.js";
import { stringsUnderKeys, withoutEchoes } from "./untrusted-fields.js";
import type { AssistantState } from "./world.js";

interface AlarmRow {
  id: string;
  time: string;
  label: string;
  days: string;
  enabled: number;
}

const dayNames = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"];
const clock = {
  type: "string",
  pattern: "^([01]\\d|2[0-3]):[0-5]\\d$",
  description: "24-hour time HH:MM, e.g. '06:45'",
};
const days = {
  type: "array",
  items: { type: "string", enum: dayNames },
  uniqueItems: true,
  description: "Days it repeats on; empty or absent: rings once",
};

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

/** The ways to say an alarm's time: `06:45`, `6:45`, `6:45 am`; `7 am` and `7am` on the hour. */
function timeNames(time: string): string[] {
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  const twelve = hours % 12 === 0 ? 12 : hours % 12;
  const half = hours < 12 ? "am" : "pm";
  const clock = `${twelve}:${String(minutes).padStart(2, "0")}`;
  const names = [
    time,
    `${hours}:${String(minutes).padStart(2, "0")}`,
    clock,
    `${clock} ${half}`,
    `${clock}${half}`,
  ];
  if (minutes === 0) names.push(`${twelve} ${half}`, `${twelve}${half}`, `${twelve} o'clock`);
  return [...new Set(names)];
}

/** An alarm's label: anyone (an earlier session, a synced app) may have written it. */
const labelKeys = new Set(["label"]);
const alarmLabels = (output: unknown) => stringsUnderKeys(output, labelKeys);

const showAlarm = (row: AlarmRow) => ({
  id: row.id,
  time: row.time,
  label: row.label,
  days: JSON.parse(row.days) as string[],
  enabled: row.enabled === 1,
});

/** Most alarms the phone keeps; creating another needs a free slot (delete one first). */
export const maxAlarms = 10;

/** Builds the settings and alarm tools over a world. */
export function settingsTools(world: StateSource): Tool[] {
  /**
   * The alarm an id names, as a call target: named by its id, its label, a word only its label
   * has, its time when no other alarm has it, and "alarm" when it is the only one.
   */
  const alarmTarget = (input: { alarm_id: string }): CallTarget[] => {
    const rows = world().db.prepare("SELECT * FROM alarms ORDER BY time, id").all() as AlarmRow[];
    const row = rows.find((candidate) => candidate.id === input.alarm_id);
    const names = distinctNamesOf(rows, input.alarm_id, (candidate) => [
      ...labelNames(candidate.label),
      ...timeNames(candidate.time),
      "alarm",
    ]);
    return [
      {
        kind: "alarm",
        argument: "alarm_id",
        value: input.alarm_id,
        names: [input.alarm_id, ...names],
        ...(row ? { label: `${row.time}${row.label ? ` ${row.label}` : ""} (${row.id})` } : {}),
      },
    ];
  };

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

  const listAlarms: Tool<Record<string, never>> = {
    definition: {
      name: "settings_list_alarms",
      description: "List alarms, earliest time first.",
      parameters: { type: "object", properties: {}, additionalProperties: false },
    },
    sideEffect: "read",
    untrustedText: alarmLabels,
    async execute() {
      const rows = world().db.prepare("SELECT * FROM alarms ORDER BY time, id").all() as AlarmRow[];
      return { alarms: rows.map(showAlarm), note: "alarms ring even with do-not-disturb on" };
    },
  };

  const createAlarm: Tool<{ time: string; label?: string; days?: string[] }> = {
    preconditions() {
      const { count } = world().db.prepare("SELECT COUNT(*) AS count FROM alarms").get() as { count: number };
      return count >= maxAlarms
        ? {
            type: "precondition",
            message: `the phone holds at most ${maxAlarms} alarms and all ${maxAlarms} are set; delete one first (settings_list_alarms)`,
            madeOf: "fixed-text",
          }
        : null;
    },
    definition: {
      name: "settings_create_alarm",
      description: "Set a new alarm at a local time, once or on repeating days.",
      parameters: {
        type: "object",
        properties: { time: clock, label: { type: "string", maxLength: 100 }, days },
        required: ["time"],
        additionalProperties: false,
      },
    },
    sideEffect: "write",
    // Inserts a new alarm with a fresh id.
    additiveOnly: true,
    trustedOutput: {
      madeOf: "user-input-only",
      reason: "the new alarm: a fresh id, and the time, label and days of the call",
    },
    intentWords: ["alarm", "wake", "set", "remind"],
    async execute(input) {
      const state = world();
      const row: AlarmRow = {
        id: state.nextId("alarm", "alarms"),
        time: input.time,
        label: input.label ?? "",
        days: JSON.stringify(dayNames.filter((day) => input.days?.includes(day))),
        enabled: 1,
      };
      state.db
        .prepare(
          "INSERT INTO alarms (id, time, label, days, enabled) VALUES (@id, @time, @label, @days, @enabled)",
        )
        .run(row);
      return { created: showAlarm(row) };
    },
  };

  const alarmExists = (input: { alarm_id: string }) =>
    world().db.prepare("SELECT 1 FROM alarms WHERE id = ?").get(input.alarm_id)
      ? null
      : {
          type: "precondition" as const,
          message: `no alarm with id '${input.alarm_id}'; use settings_list_alarms`,
          madeOf: "user-input-only" as const,
        };

  const updateAlarm: Tool<{
    alarm_id: string;
    time?: string;
    label?: string;
    days?: string[];
    enabled?: boolean;
  }> = {
    definition: {
      name: "settings_update_alarm",
      description: "Change an alarm's time, label or days, or switch it on or off (enabled).",
      parameters: {
        type: "object",
        properties: {
          alarm_id: { type: "string" },
          time: clock,
          label: { type: "string", maxLength: 100 },
          days,
          enabled: { type: "boolean" },
        },
        required: ["alarm_id"],
        additionalProperties: false,
      },
    },
    sideEffect: "write",
    intentWords: ["alarm", "change", "move", "turn", "switch", "disable", "enable", "snooze", "set"],
    // A label the call did not change is the stored one.
    untrustedText: (output, input) => withoutEchoes(alarmLabels(output), input),
    preconditions: alarmExists,
    targets: alarmTarget,
    async execute(input) {
      const state = world();
      const row = state.db.prepare("SELECT * FROM alarms WHERE id = ?").get(input.alarm_id) as AlarmRow;
      const next: AlarmRow = {
        ...row,
        time: input.time ?? row.time,
        label: input.label ?? row.label,
        days: input.days ? JSON.stringify(dayNames.filter((day) => input.days?.includes(day))) : row.days,
        enabled: input.enabled === undefined ? row.enabled : input.enabled ? 1 : 0,
      };
      state.db
        .prepare("UPDATE alarms SET time=@time, label=@label, days=@days, enabled=@enabled WHERE id=@id")
        .run(next);
      return { updated: showAlarm(next) };
    },
  };

  const deleteAlarm: Tool<{ alarm_id: string }> = {
    definition: {
      name: "settings_delete_alarm",
      description: "Delete an alarm by id (see settings_list_alarms).",
      parameters: {
        type: "object",
        properties: { alarm_id: { type: "string" } },
        required: ["alarm_id"],
        additionalProperties: false,
      },
    },
    sideEffect: "write",
    intentWords: ["alarm", "delete", "remove", "cancel", "clear"],
    untrustedText: alarmLabels,
    preconditions: alarmExists,
    targets: alarmTarget,
    async execute(input) {
      const row = world().db.prepare("SELECT * FROM alarms WHERE id = ?").get(input.alarm_id) as AlarmRow;
      world().db.prepare("DELETE FROM alarms WHERE id = ?").run(input.alarm_id);
      return { deleted: showAlarm(row) };
    },
  };

  return [get, set, listAlarms, createAlarm, updateAlarm, deleteAlarm];
}
