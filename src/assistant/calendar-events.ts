/**
 * What the calendar tools share: the stored event row, its view (local times with an offset, in
 * the zone asked for), the events overlapping a range, an event as a call target, and which event
 * fields are world text (others may have written them) for taint.
 */
import { type CallTarget, ToolError } from "../tools/tool.js";
import type { StateSource } from "./state-source.js";
import { distinctNamesOf, labelNames } from "./target-names.js";
import { formatInZone, parseDateTime, requireTimeZone, weekdayName } from "./time-zones.js";
import { stringsUnderKeys } from "./untrusted-fields.js";

/** An event as the world stores it (times in UTC, attendees as JSON). */
export interface EventRow {
  id: string;
  title: string;
  start_utc: string;
  end_utc: string;
  time_zone: string;
  location: string | null;
  description: string | null;
  attendees: string;
}

/** The `time_zone` argument of the calendar tools. */
export const timeZoneProperty = {
  type: "string",
  description:
    "IANA time zone for times without an offset and for the answer, e.g. 'America/New_York'. Default: the user's zone.",
};
/** A date-time argument's schema, described as `what`. */
export const dateTimeText = (what: string) => ({
  type: "string",
  description: `${what}: ISO 8601, e.g. '2025-06-03T14:30' (local) or '2025-06-03T14:30:00-04:00'; a date alone means midnight`,
});
/** A day in milliseconds. */
export const dayMs = 86_400_000;
/**
 * Event fields other people may have written (invitations, shared calendars): the world does not
 * record who made an event, so titles count as well as descriptions, locations, attendee
 * addresses and an event's own time zone. Ids and the times the tools format are the calendar's.
 */
export const untrustedKeys = new Set(["title", "location", "description", "attendees", "event_time_zone"]);
/** The world text in a listing of events. */
export const untrustedEventText = (output: unknown) => stringsUnderKeys(output, untrustedKeys);
/** The titles of the other events a write reports as overlapping it. */
export const conflictTitles = (output: unknown) =>
  stringsUnderKeys((output as { conflicts?: unknown } | null)?.conflicts, new Set(["title"]));

/** The calendar's shared operations over one world; see {@link calendarEvents}. */
export type CalendarEvents = ReturnType<typeof calendarEvents>;

/** The shared operations of the calendar tools over a world. */
export function calendarEvents(world: StateSource) {
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

  return { zoneOf, show, find, overlapping, range, eventTarget, eventExists };
}
