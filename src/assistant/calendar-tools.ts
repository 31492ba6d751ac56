/**
 * Calendar tools: list, search, create, update and delete events, and find free slots. Times go in
 * as ISO 8601 (with an offset, or local to `time_zone`, default the user's zone), are stored in UTC
 * and come back as local time with an offset. Here: the reading tools and the set; the shared
 * event operations are calendar-events.ts, the writes calendar-write-tools.ts.
 */
import { searchFold, searchTerms } from "../text/search-fold.js";
import type { Tool } from "../tools/tool.js";
import {
  calendarEvents,
  dateTimeText,
  type EventRow,
  timeZoneProperty,
  untrustedEventText,
} from "./calendar-events.js";
import { freeSlotsTool } from "./calendar-free-slots.js";
import { calendarWriteTools } from "./calendar-write-tools.js";
import type { StateSource } from "./state-source.js";
import { parseDateTime, toUtcText } from "./time-zones.js";

/** Builds the calendar tools over a world. */
export function calendarTools(world: StateSource): Tool[] {
  const events = calendarEvents(world);
  const { zoneOf, show, overlapping, range } = events;

  const list: Tool<{ start: string; end?: string; time_zone?: string }> = {
    definition: {
      name: "calendar_list_events",
      description:
        "List calendar events that overlap a time range. Give start (and optionally end; default: 24 hours after start). Returns events with local times.",
      parameters: {
        type: "object",
        properties: {
          start: dateTimeText("Range start"),
          end: dateTimeText("Range end (exclusive)"),
          time_zone: timeZoneProperty,
        },
        required: ["start"],
        additionalProperties: false,
      },
    },
    sideEffect: "read",
    untrustedText: untrustedEventText,
    async execute(input) {
      const zone = zoneOf(input);
      const { start, end } = range(input, zone);
      const rows = overlapping(toUtcText(start), toUtcText(end));
      return { time_zone: zone, events: rows.map((row) => show(row, zone)) };
    },
  };

  const search: Tool<{ query: string; start?: string; end?: string; time_zone?: string }> = {
    definition: {
      name: "calendar_search_events",
      description:
        "Search calendar events by words in the title, location, description or attendees, optionally within a time range. Returns up to 20 matches, soonest first.",
      parameters: {
        type: "object",
        properties: {
          query: {
            type: "string",
            minLength: 1,
            description: "Words to look for, e.g. 'dentist' or 'Priya'",
          },
          start: dateTimeText("Only events ending after this"),
          end: dateTimeText("Only events starting before this"),
          time_zone: timeZoneProperty,
        },
        required: ["query"],
        additionalProperties: false,
      },
    },
    sideEffect: "read",
    untrustedText: untrustedEventText,
    async execute(input) {
      const zone = zoneOf(input);
      const terms = searchTerms(input.query);
      const startUtc = input.start ? toUtcText(parseDateTime(input.start, zone, "start")) : "0000";
      const endUtc = input.end ? toUtcText(parseDateTime(input.end, zone, "end")) : "9999";
      const rows = world()
        .db.prepare("SELECT * FROM events WHERE start_utc < ? AND end_utc > ? ORDER BY start_utc, id")
        .all(endUtc, startUtc) as EventRow[];
      const matches = rows.filter((row) => {
        const text = searchFold(
          [row.title, row.location ?? "", row.description ?? "", row.attendees].join(" "),
        );
        return terms.every((term) => text.includes(term));
      });
      return {
        time_zone: zone,
        events: matches.slice(0, 20).map((row) => show(row, zone)),
        total: matches.length,
      };
    },
  };

  return [list, search, ...calendarWriteTools(world, events), freeSlotsTool(world, zoneOf)];
}
