/**
 * `datetime.strptime` for the two formats the API classes parse (`%Y-%m-%d` and
 * `%Y-%m-%d %H:%M:%S`), returning a sortable key, with Python's ValueError texts.
 */
import { type PyObj, pyError, pyTypeName } from "./py-object.js";
import { pyReprOf } from "./py-render.js";

const patterns: Record<string, RegExp> = {
  "%Y-%m-%d": /^(\d{4})-(\d{1,2})-(\d{1,2})$/,
  "%Y-%m-%d %H:%M:%S": /^(\d{4})-(\d{1,2})-(\d{1,2}) (\d{1,2}):(\d{1,2}):(\d{1,2})$/,
};

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Parses `value` with `format`; a key that orders as the datetimes do. Raises ValueError / TypeError. */
export function parseDate(value: PyObj, format: string): string {
  if (typeof value !== "string")
    throw pyError("TypeError", `strptime() argument 1 must be str, not ${pyTypeName(value)}`);
  const match = patterns[format]?.exec(value);
  const mismatch = (): never => {
    throw pyError("ValueError", `time data ${pyReprOf(value)} does not match format '${format}'`);
  };
  if (!match) return mismatch();
  const [year, month, day, hour = 0, minute = 0, second = 0] = match.slice(1).map(Number) as number[];
  if (month! < 1 || month! > 12 || day! < 1 || hour > 23 || minute > 59 || second > 61) return mismatch();
  if (day! > daysIn(year!, month!)) throw pyError("ValueError", "day is out of range for month");
  const pad = (n: number, width = 2): string => String(n).padStart(width, "0");
  return `${pad(year!, 4)}-${pad(month!)}-${pad(day!)} ${pad(hour)}:${pad(minute)}:${pad(second)}`;
}
