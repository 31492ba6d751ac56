/**
 * The `calendar_find_free_slots` tool: free intervals between events within working hours, day by
 * day in the requested zone.
 */
import { type Tool, ToolError } from "../tools/tool.js";
import { dateTimeText, dayMs, timeZoneProperty } from "./calendar-events.js";
import type { StateSource } from "./state-source.js";
import { formatInZone, fromLocal, localParts, parseDateTime, toUtcText } from "./time-zones.js";

/** The `calendar_find_free_slots` tool. `zoneOf` picks the zone for an input (default: the user's). */
export function freeSlotsTool(world: StateSource, zoneOf: (input: { time_zone?: string }) => string): Tool {
  type Input = {
    start: string;
    end?: string;
    duration_minutes: number;
    day_start?: string;
    day_end?: string;
    include_weekends?: boolean;
    time_zone?: string;
  };
  const clock = { type: "string", pattern: "^([01]\\d|2[0-3]):[0-5]\\d$" };
  const tool: Tool<Input> = {
    definition: {
      name: "calendar_find_free_slots",
      description:
        "Find free time between events, within working hours (default 09:00-17:00 local, weekdays only). Returns up to 10 free intervals at least duration_minutes long.",
      parameters: {
        type: "object",
        properties: {
          start: dateTimeText("Search from"),
          end: dateTimeText("Search until (default: 7 days after start)"),
          duration_minutes: {
            type: "integer",
            minimum: 5,
            maximum: 1440,
            description: "Minimum free length",
          },
          day_start: { ...clock, description: "Start of the working day, HH:MM (default 09:00)" },
          day_end: { ...clock, description: "End of the working day, HH:MM (default 17:00)" },
          include_weekends: {
            type: "boolean",
            description: "Also search Saturdays and Sundays (default false)",
          },
          time_zone: timeZoneProperty,
        },
        required: ["start", "duration_minutes"],
        additionalProperties: false,
      },
    },
    sideEffect: "read",
    trustedOutput: {
      madeOf: "fixed-text",
      reason:
        "free intervals the tool computes from event times (no event's text), in the requested or the user's zone",
    },
    async execute(input) {
      const zone = zoneOf(input);
      const start = parseDateTime(input.start, zone, "start");
      const end = input.end ? parseDateTime(input.end, zone, "end") : new Date(start.getTime() + 7 * dayMs);
      if (end <= start) throw new ToolError("invalid-arguments", "end must be after start");
      if (end.getTime() - start.getTime() > 62 * dayMs)
        throw new ToolError("invalid-arguments", "search at most 62 days at once");
      const [startHour, startMinute] = (input.day_start ?? "09:00").split(":").map(Number) as [
        number,
        number,
      ];
      const [endHour, endMinute] = (input.day_end ?? "17:00").split(":").map(Number) as [number, number];
      const busy = (
        world()
          .db.prepare(
            "SELECT start_utc, end_utc FROM events WHERE start_utc < ? AND end_utc > ? ORDER BY start_utc",
          )
          .all(toUtcText(end), toUtcText(start)) as { start_utc: string; end_utc: string }[]
      ).map((row) => [Date.parse(row.start_utc), Date.parse(row.end_utc)] as const);
      const slots: { start: string; end: string; minutes: number }[] = [];
      const need = input.duration_minutes * 60000;
      const first = localParts(start, zone);
      for (let offset = 0; offset < 64 && slots.length < 10; offset++) {
        const day = new Date(Date.UTC(first.year, first.month - 1, first.day + offset));
        const fields = { year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate() };
        if (!input.include_weekends && (day.getUTCDay() === 0 || day.getUTCDay() === 6)) continue;
        let from = Math.max(
          fromLocal({ ...fields, hour: startHour, minute: startMinute, second: 0 }, zone).getTime(),
          start.getTime(),
        );
        const until = Math.min(
          fromLocal({ ...fields, hour: endHour, minute: endMinute, second: 0 }, zone).getTime(),
          end.getTime(),
        );
        if (from >= end.getTime()) break;
        for (const [busyStart, busyEnd] of [...busy, [until, until] as const]) {
          if (busyEnd <= from) continue;
          const gapEnd = Math.min(busyStart, until);
          if (gapEnd - from >= need && slots.length < 10) {
            slots.push({
              start: formatInZone(new Date(from), zone),
              end: formatInZone(new Date(gapEnd), zone),
              minutes: Math.round((gapEnd - from) / 60000),
            });
          }
          from = Math.max(from, busyEnd);
          if (from >= until) break;
        }
      }
      return {
        time_zone: zone,
        slots,
        checked_until: formatInZone(end, zone),
      };
    },
  };
  return tool;
}
