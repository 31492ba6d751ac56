/**
 * Alarm tools of the device settings: list, create (at most {@link maxAlarms}), update and delete
 * alarms. An alarm's label is world text (anyone may have written it), so outputs quoting labels
 * taint; an alarm is named, as a call target, by its id, label words and time.
 */
import type { CallTarget, Tool } from "../tools/tool.js";
import type { StateSource } from "./state-source.js";
import { distinctNamesOf, labelNames } from "./target-names.js";
import { stringsUnderKeys, withoutEchoes } from "./untrusted-fields.js";

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

/** Builds the alarm tools over a world. */
export function alarmTools(world: StateSource): Tool[] {
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

  return [listAlarms, createAlarm, updateAlarm, deleteAlarm];
}
