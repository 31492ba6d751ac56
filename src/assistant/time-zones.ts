/**
 * Dates and times for the assistant tools: ISO 8601 in, UTC stored, IANA time zones out. A time
 * written without an offset is local time in the given zone; a nonexistent local time (inside a
 * spring-forward gap) moves forward by the gap, an ambiguous one (fall-back) takes the earlier
 * instant.
 */
import { ToolError } from "../tools/tool.js";

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let found = formatters.get(zone);
  if (found === undefined) {
    found = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      weekday: "short",
    });
    formatters.set(zone, found);
  }
  return found;
}

/** True when `zone` is an IANA time zone name this runtime knows. */
export function isValidTimeZone(zone: string): boolean {
  try {
    formatter(zone);
    return true;
  } catch {
    return false;
  }
}

/** Throws an `invalid-arguments` tool error naming the argument when the zone is unknown. */
export function requireTimeZone(zone: string, argument = "time_zone"): string {
  if (!isValidTimeZone(zone)) {
    throw new ToolError(
      "invalid-arguments",
      `${argument}: '${zone}' is not an IANA time zone (e.g. 'Europe/Paris')`,
    );
  }
  return zone;
}

/** Wall-clock fields of an instant in a zone. `weekday` 0 = Sunday. */
export interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: number;
}

const weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/** The wall-clock fields of `instant` in `zone`. */
export function localParts(instant: Date, zone: string): LocalParts {
  const parts: Record<string, string> = {};
  for (const part of formatter(zone).formatToParts(instant)) parts[part.type] = part.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: weekdays.indexOf(parts.weekday ?? "Sun"),
  };
}

/** Minutes `zone` is ahead of UTC at `instant` (New York in winter: -300). */
export function offsetMinutes(instant: Date, zone: string): number {
  const local = localParts(instant, zone);
  const asUtc = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60000);
}

/** The instant at which the wall clock in `zone` shows the given fields. */
export function fromLocal(fields: Omit<LocalParts, "weekday">, zone: string): Date {
  const wall = Date.UTC(fields.year, fields.month - 1, fields.day, fields.hour, fields.minute, fields.second);
  const before = offsetMinutes(new Date(wall - 36 * 3600000), zone);
  const after = offsetMinutes(new Date(wall + 36 * 3600000), zone);
  // Try the earlier offset first so an ambiguous time maps to its first occurrence.
  for (const offset of before >= after ? [before, after] : [after, before]) {
    const candidate = new Date(wall - offset * 60000);
    if (offsetMinutes(candidate, zone) === offset) return candidate;
  }
  // In a gap: the wall time does not exist; keep the pre-gap offset, which lands after the gap.
  return new Date(wall - before * 60000);
}

const isoPattern =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?)?\s*(Z|z|[+-]\d{2}:?\d{2})?$/;

/**
 * Parses `YYYY-MM-DD`, `YYYY-MM-DDTHH:MM[:SS]` (local in `zone`) or either with `Z` / `±HH:MM`.
 * Throws an `invalid-arguments` tool error naming `argument` otherwise.
 */
export function parseDateTime(text: string, zone: string, argument: string): Date {
  const match = isoPattern.exec(text.trim());
  const fail = () =>
    new ToolError(
      "invalid-arguments",
      `${argument}: '${text}' is not an ISO 8601 date-time (e.g. '2025-06-03T14:30' or '2025-06-03T14:30:00-04:00')`,
      { madeOf: "user-input-only" },
    );
  if (!match) throw fail();
  const [, year, month, day, hour = "0", minute = "0", second = "0", offset] = match;
  const fields = {
    year: Number(year),
    month: Number(month),
    day: Number(day),
    hour: Number(hour),
    minute: Number(minute),
    second: Number(second),
  };
  const probe = new Date(Date.UTC(fields.year, fields.month - 1, fields.day));
  if (
    fields.month < 1 ||
    fields.month > 12 ||
    probe.getUTCDate() !== fields.day ||
    fields.hour > 23 ||
    fields.minute > 59 ||
    fields.second > 59
  ) {
    throw fail();
  }
  if (offset === undefined) return fromLocal(fields, zone);
  const wall = Date.UTC(fields.year, fields.month - 1, fields.day, fields.hour, fields.minute, fields.second);
  if (offset === "Z" || offset === "z") return new Date(wall);
  const sign = offset.startsWith("-") ? -1 : 1;
  const digits = offset.slice(1).replace(":", "");
  const minutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2));
  if (minutes > 18 * 60) throw fail();
  return new Date(wall - sign * minutes * 60000);
}

function pad(value: number, width = 2): string {
  return String(value).padStart(width, "0");
}

/** `2025-06-03T14:30:00-04:00`: the instant as wall-clock time in `zone` with its offset. */
export function formatInZone(instant: Date, zone: string): string {
  const local = localParts(instant, zone);
  const offset = offsetMinutes(instant, zone);
  const sign = offset < 0 ? "-" : "+";
  const absolute = Math.abs(offset);
  return (
    `${pad(local.year, 4)}-${pad(local.month)}-${pad(local.day)}T${pad(local.hour)}:${pad(local.minute)}:${pad(local.second)}` +
    `${sign}${pad(Math.floor(absolute / 60))}:${pad(absolute % 60)}`
  );
}

/** `2025-06-03T18:30:00Z`: the storage form (UTC, whole seconds). */
export function toUtcText(instant: Date): string {
  return `${instant.toISOString().slice(0, 19)}Z`;
}

/** The weekday name of an instant in a zone. */
export function weekdayName(instant: Date, zone: string): string {
  return ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"][
    localParts(instant, zone).weekday
  ]!;
}
