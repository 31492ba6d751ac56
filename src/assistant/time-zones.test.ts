import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { ToolError } from "../tools/tool.js";
import { formatInZone, isValidTimeZone, offsetMinutes, parseDateTime, toUtcText } from "./time-zones.js";

describe("time zones", () => {
  const newYork = "America/New_York";
  it("reads local times in a zone and times with offsets", () => {
    assert.equal(toUtcText(parseDateTime("2025-06-03T14:30", newYork, "start")), "2025-06-03T18:30:00Z");
    assert.equal(toUtcText(parseDateTime("2025-01-15T14:30", newYork, "start")), "2025-01-15T19:30:00Z");
    assert.equal(
      toUtcText(parseDateTime("2025-06-03T14:30:00+01:00", newYork, "start")),
      "2025-06-03T13:30:00Z",
    );
    assert.equal(toUtcText(parseDateTime("2025-06-03T14:30Z", newYork, "start")), "2025-06-03T14:30:00Z");
    assert.equal(toUtcText(parseDateTime("2025-06-03", "Asia/Kolkata", "start")), "2025-06-02T18:30:00Z");
  });
  it("moves times in a spring-forward gap forward and takes the first of an ambiguous time", () => {
    assert.equal(
      formatInZone(parseDateTime("2025-03-09T02:30", newYork, "start"), newYork),
      "2025-03-09T03:30:00-04:00",
    );
    assert.equal(
      formatInZone(parseDateTime("2025-11-02T01:30", newYork, "start"), newYork),
      "2025-11-02T01:30:00-04:00",
    );
  });
  it("formats an instant in any zone with its offset", () => {
    const instant = new Date("2025-06-20T08:25:00Z");
    assert.equal(formatInZone(instant, "Europe/Lisbon"), "2025-06-20T09:25:00+01:00");
    assert.equal(formatInZone(instant, "Asia/Kathmandu"), "2025-06-20T14:10:00+05:45");
    assert.equal(offsetMinutes(instant, newYork), -240);
  });
  it("rejects malformed dates and unknown zones with the argument named", () => {
    for (const text of ["tomorrow", "2025-02-30", "2025-13-01T10:00", "2025-06-03T25:00"]) {
      assert.throws(
        () => parseDateTime(text, newYork, "start"),
        (error) => error instanceof ToolError && /^start: /.test(error.message),
      );
    }
    assert.equal(isValidTimeZone("Europe/Lisbon"), true);
    assert.equal(isValidTimeZone("Mars/Olympus"), false);
  });
});
