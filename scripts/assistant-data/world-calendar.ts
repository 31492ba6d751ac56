/**
 * The default world's calendar: late May to the end of June 2025 in America/New_York (EDT,
 * UTC-4), recurring meetings plus one-off events, one of them in Lisbon's time zone.
 */

/** One calendar event as the fixture stores it. */
export interface FixtureEvent {
  id: string;
  title: string;
  start: string;
  end: string;
  timeZone?: string;
  location?: string;
  description?: string;
  attendees: string[];
}

const pad = (value: number) => String(value).padStart(2, "0");
const local = (day: string, time: string) => `2025-${day}T${time}:00-04:00`;

/** Builds the calendar events, ids evt-0001 upward in time order. */
export function calendarEvents(): FixtureEvent[] {
  const events: Omit<FixtureEvent, "id">[] = [];
  const add = (day: string, from: string, to: string, title: string, extra: Partial<FixtureEvent> = {}) =>
    events.push({ title, start: local(day, from), end: local(day, to), attendees: [], ...extra });
  const team = [
    "priya.shah@northwind.example.com",
    "sam.patel@northwind.example.com",
    "tom.becker@northwind.example.com",
  ];
  for (let day = 26; day <= 31 + 30; day++) {
    const date = new Date(Date.UTC(2025, 4, day));
    const weekday = date.getUTCDay();
    const label = `${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
    const inLisbon = date >= new Date(Date.UTC(2025, 5, 20)) && date <= new Date(Date.UTC(2025, 5, 27));
    if (inLisbon) continue;
    if (weekday === 1 || weekday === 3 || weekday === 5) {
      add(label, "09:30", "09:45", "Team standup", { location: "Zoom", attendees: team });
    }
    if (weekday === 2) {
      add(label, "14:00", "14:30", "1:1 with Priya", {
        location: "Priya's office",
        attendees: ["priya.shah@northwind.example.com"],
      });
    }
    if (weekday === 2 || weekday === 4) add(label, "18:00", "19:00", "Gym", { location: "Riverton Fitness" });
    if (weekday === 6 && date.getUTCDate() % 2 === 0) {
      add(label, "08:00", "09:00", "Riverton Running Club long run", {
        location: "Riverside Park boathouse",
      });
    }
  }
  add("05-28", "12:00", "13:00", "Lunch with Kevin", {
    location: "Blue Fern Cafe",
    attendees: ["kevin.walsh@example.com"],
  });
  add("06-03", "11:00", "12:00", "Q3 planning review", {
    location: "Conference room B",
    description: "Review the Q3 plan draft (projects/q3-plan.md) before it goes to finance.",
    attendees: [...team, "marcus.brown@northwind.example.com"],
  });
  add("06-04", "16:00", "17:00", "Design critique", {
    location: "Studio",
    attendees: ["sam.patel@northwind.example.com"],
  });
  add("06-06", "19:30", "21:30", "Dinner with Jordan", {
    location: "Osteria Lupa, 14 Harbor Street",
    attendees: ["jordan.lee@example.net"],
  });
  add("06-09", "13:00", "14:00", "Call with Mom", { attendees: ["maria.morgan@example.net"] });
  add("06-11", "18:30", "20:00", "Book club: The Quiet Harbor", {
    location: "Emily's place",
    attendees: ["emily.zhang@example.com"],
  });
  add("06-12", "10:00", "11:00", "Dentist: cleaning", {
    location: "Riverton Dental, 22 Elm Street",
    description: "Arrive 10 minutes early. Bring insurance card.",
    attendees: ["frontdesk@riverton-dental.example.com"],
  });
  add("06-13", "09:00", "17:00", "Team offsite", {
    location: "Lakeview Lodge, Concord",
    description: "Bus leaves the office at 8:15. Agenda from Nora.",
    attendees: [...team, "nora.kim@northwind.example.com"],
  });
  add("06-14", "17:00", "22:00", "Jordan's birthday party", {
    location: "Jordan's apartment",
    attendees: ["jordan.lee@example.net"],
  });
  add("06-17", "15:00", "15:30", "Plumber visit (kitchen sink)", {
    location: "Home",
    attendees: ["dave@davesplumbing.example.com"],
  });
  add("06-18", "12:30", "13:30", "Lunch with Olivia", {
    location: "Green Table",
    attendees: ["olivia.martin@example.org"],
  });
  add("06-19", "17:00", "17:30", "Pack for Lisbon");
  events.push({
    title: "Flight BOS to LIS (TP 218)",
    start: "2025-06-19T21:40:00-04:00",
    end: "2025-06-20T09:25:00+01:00",
    timeZone: "Europe/Lisbon",
    location: "Boston Logan Terminal E",
    description: "Confirmation code K7QX2P. Seat 23A.",
    attendees: [],
  });
  events.push({
    title: "Dinner with Ana in Lisbon",
    start: "2025-06-21T20:00:00+01:00",
    end: "2025-06-21T22:00:00+01:00",
    timeZone: "Europe/Lisbon",
    location: "Taberna da Rua, Alfama",
    attendees: ["ana.costa@example.pt"],
  });
  events.push({
    title: "Day trip to Sintra",
    start: "2025-06-23T09:00:00+01:00",
    end: "2025-06-23T18:00:00+01:00",
    timeZone: "Europe/Lisbon",
    location: "Sintra",
    attendees: [],
  });
  events.push({
    title: "Flight LIS to BOS (TP 217)",
    start: "2025-06-27T12:10:00+01:00",
    end: "2025-06-27T14:45:00-04:00",
    timeZone: "Europe/Lisbon",
    location: "Lisbon Airport Terminal 1",
    description: "Confirmation code K7QX2P.",
    attendees: [],
  });
  add("06-30", "10:00", "11:00", "Expense report due", {
    description: "Submit May expenses in the finance portal.",
  });
  events.sort(
    (left, right) =>
      Date.parse(left.start) - Date.parse(right.start) || left.title.localeCompare(right.title),
  );
  return events.map((event, index) => ({ id: `evt-${String(index + 1).padStart(4, "0")}`, ...event }));
}
