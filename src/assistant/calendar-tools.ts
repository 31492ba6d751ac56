/**
 * Calendar tools: list, search, create, update and delete events, and find free slots. Times go in
 * as ISO 8601 (with an offset, or local to `time_zone`, default the user's zone), are stored in UTC
 * and come back as local time with an offset.
 */
import { searchFold, searchTerms } from "../text/search-fold.js";
import { type CallTarget, type Tool, ToolError } from "../tools/tool.js";
import { freeSlotsTool } from "./calendar-free-slots.js";
import type { StateSource } from "./state-source.js";
import { distinctNamesOf, labelNames } from "./target-names.js";
import { formatInZone, parseDateTime, requireTimeZone, toUtcText, weekdayName } from "./time-zones.js";
import { stringsUnderKeys, withoutEchoes } from "./untrusted-fields.js";

interface EventRow {
  id: string;
  title: string;
  start_utc: string;
  end_utc: string;
  time_zone: string;
  location: string | null;
  description: string | null;
  attendees: string;
}

const timeZoneProperty = {
  type: "string",
  description:
    "IANA time zone for times without an offset and for the answer, e.g. 'America/New_York'. Default: the user's zone.",
};
const dateTimeText = (what: string) => ({
  type: "string",
  description: `${what}: ISO 8601, e.g. '2025-06-03T14:30' (local) or '2025-06-03T14:30:00-04:00'; a date alone means midnight`,
});
const dayMs = 86_400_000;
/**
 * Event fields other people may have written (invitations, shared calendars): the world does not
 * record who made an event, so titles count as well as descriptions, locations, attendee
 * addresses and an event's own time zone. Ids and the times the tools format are the calendar's.
 */
const untrustedKeys = new Set(["title", "location", "description", "attendees", "event_time_zone"]);
const untrustedEventText = (output: unknown) => stringsUnderKeys(output, untrustedKeys);
/** The titles of the other events a write reports as overlapping it. */
const conflictTitles = (output: unknown) =>
  stringsUnderKeys((output as { conflicts?: unknown } | null)?.conflicts, new Set(["title"]));

/** Builds the calendar tools over a world. */
export function calendarTools(world: StateSource): Tool[] {
  const zoneOf = (input: { time_zone?: string }) =>
    requireTimeZone(input.time_zone ?? world().user().timeZone);
  const show = (row: EventRow, zone: string) => ({
    id: row.id,
    title: row.title,
    start: formatInZone(new Date(row.start_utc), zone),
    end: formatInZone(new Date(row.end_utc), zone),
    weekday: weekdayName(new Date(row.start_utc), zone),
    ...(row.time_zone !== zone ? { event_time_zone: row.time_zone } : {}),
    ...(row.location ? { location: row.location } : {}),
    ...(row.description ? { description: row.description } : {}),
    attendees: JSON.parse(row.attendees) as string[],
  });
  const find = (id: string) =>
    world().db.prepare("SELECT * FROM events WHERE id = ?").get(id) as EventRow | undefined;
  const overlapping = (startUtc: string, endUtc: string, except?: string) =>
    (
      world()
        .db.prepare("SELECT * FROM events WHERE start_utc < ? AND end_utc > ? ORDER BY start_utc, id")
        .all(endUtc, startUtc) as EventRow[]
    ).filter((row) => row.id !== except);
  const range = (input: { start: string; end?: string }, zone: string) => {
    const start = parseDateTime(input.start, zone, "start");
    const end =
      input.end === undefined ? new Date(start.getTime() + dayMs) : parseDateTime(input.end, zone, "end");
    if (end <= start)
      throw new ToolError("invalid-arguments", "end must be after start", { madeOf: "fixed-text" });
    return { start, end };
  };
  /**
   * The event an id names, as a call target: named by its id, its title, or a word of the title
   * no other event's title has (and by "event" / "appointment" when it is the only event).
   */
  const eventTarget = (input: { event_id: string }): CallTarget[] => {
    const rows = world().db.prepare("SELECT * FROM events ORDER BY start_utc, id").all() as EventRow[];
    const row = rows.find((candidate) => candidate.id === input.event_id);
    const names = distinctNamesOf(rows, input.event_id, (candidate) => [
      ...labelNames(candidate.title),
      "event",
      "appointment",
    ]);
    const day = row ? formatInZone(new Date(row.start_utc), world().user().timeZone).slice(0, 10) : "";
    return [
      {
        kind: "event",
        argument: "event_id",
        value: input.event_id,
        names: [input.event_id, ...names],
        ...(row ? { label: `${row.title} (${day}, ${row.id})` } : {}),
      },
    ];
  };
  const eventExists = (input: { event_id: string }) =>
    find(input.event_id) === undefined
      ? {
          type: "precondition" as const,
          message: `no event with id '${input.event_id}'; use calendar_list_events to find ids`,
          madeOf: "user-input-only" as const,
        }
      : null;

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

  const eventProperties = {
    title: { type: "string", minLength: 1, maxLength: 200, description: "Event title" },
    start: dateTimeText("Start time"),
    end: dateTimeText("End time (or give duration_minutes)"),
    duration_minutes: {
      type: "integer",
      minimum: 1,
      maximum: 10080,
      description: "Length in minutes when end is not given",
    },
    time_zone: timeZoneProperty,
    location: { type: "string", maxLength: 200 },
    description: { type: "string", maxLength: 2000 },
    attendees: {
      type: "array",
      items: { type: "string" },
      maxItems: 50,
      description: "Attendee email addresses",
    },
  };

  const create: Tool<{
    title: string;
    start: string;
    end?: string;
    duration_minutes?: number;
    time_zone?: string;
    location?: string;
    description?: string;
    attendees?: string[];
  }> = {
    definition: {
      name: "calendar_create_event",
      description:
        "Create a calendar event. Times without an offset are local to time_zone (default: the user's). Default length 60 minutes. Reports overlapping events.",
      parameters: {
        type: "object",
        properties: eventProperties,
        required: ["title", "start"],
        additionalProperties: false,
      },
    },
    sideEffect: "write",
    // Inserts a new event with a fresh id; overlapping events are reported, not changed.
    additiveOnly: true,
    // The created event echoes the arguments; the overlapping events' titles are the world's.
    untrustedText: conflictTitles,
    intentWords: [
      "add",
      "create",
      "schedule",
      "book",
      "put",
      "calendar",
      "event",
      "meeting",
      "appointment",
      "set up",
    ],
    async execute(input) {
      const state = world();
      const zone = zoneOf(input);
      const start = parseDateTime(input.start, zone, "start");
      const end = input.end
        ? parseDateTime(input.end, zone, "end")
        : new Date(start.getTime() + (input.duration_minutes ?? 60) * 60000);
      if (end <= start)
        throw new ToolError("invalid-arguments", "end must be after start", { madeOf: "fixed-text" });
      const row: EventRow = {
        id: state.nextId("evt", "events"),
        title: input.title,
        start_utc: toUtcText(start),
        end_utc: toUtcText(end),
        time_zone: zone,
        location: input.location ?? null,
        description: input.description ?? null,
        attendees: JSON.stringify(input.attendees ?? []),
      };
      const conflicts = overlapping(row.start_utc, row.end_utc);
      state.db
        .prepare(
          "INSERT INTO events (id, title, start_utc, end_utc, time_zone, location, description, attendees) VALUES (@id, @title, @start_utc, @end_utc, @time_zone, @location, @description, @attendees)",
        )
        .run(row);
      return {
        created: show(row, zone),
        conflicts: conflicts.map((other) => ({ id: other.id, title: other.title })),
      };
    },
  };

  const update: Tool<{
    event_id: string;
    title?: string;
    start?: string;
    end?: string;
    duration_minutes?: number;
    time_zone?: string;
    location?: string;
    description?: string;
    attendees?: string[];
  }> = {
    definition: {
      name: "calendar_update_event",
      description:
        "Change an existing event: give event_id and only the fields to change. Moving start without end keeps the event's length.",
      parameters: {
        type: "object",
        properties: {
          event_id: { type: "string", description: "Id from calendar_list_events" },
          ...eventProperties,
        },
        required: ["event_id"],
        additionalProperties: false,
      },
    },
    sideEffect: "write",
    intentWords: ["move", "change", "update", "reschedule", "rename", "shift", "push", "edit"],
    // The fields not changed are the stored event's, and the overlapping events are others'.
    untrustedText: (output, input) => [
      ...withoutEchoes(
        stringsUnderKeys((output as { updated?: unknown } | null)?.updated, untrustedKeys),
        input,
      ),
      ...conflictTitles(output),
    ],
    preconditions: eventExists,
    targets: eventTarget,
    async execute(input) {
      const state = world();
      const row = find(input.event_id);
      if (row === undefined)
        throw new ToolError("precondition", `no event with id '${input.event_id}'`, {
          madeOf: "user-input-only",
        });
      const zone = zoneOf({ time_zone: input.time_zone ?? row.time_zone });
      const oldStart = new Date(row.start_utc);
      const length = new Date(row.end_utc).getTime() - oldStart.getTime();
      const start = input.start ? parseDateTime(input.start, zone, "start") : oldStart;
      let end = input.end ? parseDateTime(input.end, zone, "end") : new Date(start.getTime() + length);
      if (!input.end && input.duration_minutes)
        end = new Date(start.getTime() + input.duration_minutes * 60000);
      if (end <= start)
        throw new ToolError("invalid-arguments", "end must be after start", { madeOf: "fixed-text" });
      const next: EventRow = {
        ...row,
        title: input.title ?? row.title,
        start_utc: toUtcText(start),
        end_utc: toUtcText(end),
        time_zone: input.time_zone ?? row.time_zone,
        location: input.location ?? row.location,
        description: input.description ?? row.description,
        attendees: input.attendees ? JSON.stringify(input.attendees) : row.attendees,
      };
      state.db
        .prepare(
          "UPDATE events SET title=@title, start_utc=@start_utc, end_utc=@end_utc, time_zone=@time_zone, location=@location, description=@description, attendees=@attendees WHERE id=@id",
        )
        .run(next);
      const conflicts = overlapping(next.start_utc, next.end_utc, next.id);
      const shown = zoneOf(input.time_zone ? input : {});
      return {
        updated: show(next, shown),
        conflicts: conflicts.map((other) => ({ id: other.id, title: other.title })),
      };
    },
  };

  const remove: Tool<{ event_id: string }> = {
    definition: {
      name: "calendar_delete_event",
      description: "Delete a calendar event by id.",
      parameters: {
        type: "object",
        properties: { event_id: { type: "string", description: "Id from calendar_list_events" } },
        required: ["event_id"],
        additionalProperties: false,
      },
    },
    sideEffect: "write",
    intentWords: ["delete", "remove", "cancel", "clear", "drop"],
    untrustedText: (output) => stringsUnderKeys(output, untrustedKeys),
    preconditions: eventExists,
    targets: eventTarget,
    async execute(input) {
      const row = find(input.event_id);
      if (row === undefined)
        throw new ToolError("precondition", `no event with id '${input.event_id}'`, {
          madeOf: "user-input-only",
        });
      world().db.prepare("DELETE FROM events WHERE id = ?").run(input.event_id);
      return { deleted: { id: row.id, title: row.title } };
    },
  };

  return [list, search, create, update, remove, freeSlotsTool(world, zoneOf)];
}
