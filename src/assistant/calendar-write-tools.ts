/**
 * The calendar tools that change events: create (reporting overlapping events), update (moving
 * the start keeps the length) and delete. Overlapping events' titles and the stored fields a call
 * did not change are world text.
 */
import { type Tool, ToolError } from "../tools/tool.js";
import {
  type CalendarEvents,
  conflictTitles,
  dateTimeText,
  type EventRow,
  timeZoneProperty,
  untrustedKeys,
} from "./calendar-events.js";
import type { StateSource } from "./state-source.js";
import { parseDateTime, toUtcText } from "./time-zones.js";
import { stringsUnderKeys, withoutEchoes } from "./untrusted-fields.js";

/** Builds `calendar_create_event`, `calendar_update_event` and `calendar_delete_event`. */
export function calendarWriteTools(world: StateSource, events: CalendarEvents): Tool[] {
  const { zoneOf, show, find, overlapping, eventTarget, eventExists } = events;

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

  return [create, update, remove];
}
