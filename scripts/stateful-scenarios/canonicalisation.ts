/**
 * `canonicalisation`: the request names things the way people do (relative dates and times, other
 * time zones, durations in words, a contact by relationship or title, prices, fractions) and the
 * calls need the canonical form (dates, UTC instants, addresses, numbers).
 */
import {
  address,
  berlin,
  call,
  cartAdded,
  eventAdded,
  eventMoved,
  goal,
  lisbon,
  mailAdded,
  mine,
  noOrder,
  ny,
  onlyTouches,
  otherEvents,
  otherSettings,
  readOnly,
  replyRegex,
  row,
  type Scenario,
  say,
  setting,
  step,
  wrongRecipient,
} from "./builders.js";

const category = "canonicalisation" as const;

/** A new event at a time the user gives in words; `wrong` are start instants of likely misreadings. */
function newEvent(
  slug: string,
  turn: string,
  args: Record<string, unknown>,
  startUtc: string,
  endUtc: string | undefined,
  wrong: string[],
  answer: string,
  lookups: ReturnType<typeof step>[] = [],
): Scenario {
  return {
    id: `stateful_canon_${slug}`,
    category,
    domains: ["calendar"],
    turns: [turn],
    milestones: [
      goal(
        "created",
        `an event starting ${startUtc}${endUtc === undefined ? "" : ` and ending ${endUtc}`}`,
        eventAdded({ start_utc: startUtc, ...(endUtc === undefined ? {} : { end_utc: endUtc }) }),
      ),
    ],
    minefields: [
      ...(wrong.length === 0
        ? []
        : [
            mine(
              "misread",
              "created the event at a misread time",
              eventAdded({ start_utc: { anyOf: wrong } }),
            ),
          ]),
      ...otherEvents(),
      onlyTouches("events"),
    ],
    reference: [...lookups, step(call("calendar_create_event", args)), say(answer)],
  };
}

/** An email to someone the user names by relationship or title. */
function mailTo(
  slug: string,
  turn: string,
  search: string,
  to: string,
  subject: string,
  body: string,
  answer: string,
): Scenario {
  return {
    id: `stateful_canon_${slug}`,
    category,
    domains: ["email", "contacts"],
    turns: [turn],
    milestones: [goal("sent", `the email went to ${to}`, mailAdded(to))],
    minefields: [wrongRecipient(to), onlyTouches("emails")],
    reference: [
      step(call("contacts_search", { query: search })),
      step(call("email_send", { to: [to], subject, body })),
      say(answer),
    ],
  };
}

export const canonicalisation: Scenario[] = [
  newEvent(
    "thursday_next_week_3pm",
    "Add 'Dentist follow-up call' on Thursday next week at 3pm.",
    { title: "Dentist follow-up call", start: "2025-06-12T15:00" },
    ny("2025-06-12T15:00"),
    undefined,
    [ny("2025-06-05T15:00"), ny("2025-06-12T03:00")],
    "Added 'Dentist follow-up call' on Thursday, June 12 at 3:00 pm.",
  ),
  newEvent(
    "tomorrow_morning_coffee",
    "Coffee with Kevin tomorrow morning at 7:45, half an hour. Put it in my calendar.",
    { title: "Coffee with Kevin", start: "2025-06-03T07:45", duration_minutes: 30 },
    ny("2025-06-03T07:45"),
    ny("2025-06-03T08:15"),
    [ny("2025-06-03T19:45"), ny("2025-06-02T07:45")],
    "Added coffee with Kevin tomorrow, Tuesday June 3, 7:45-8:15 am.",
  ),
  newEvent(
    "in_two_hours",
    "Block an hour starting two hours from now for slide prep.",
    { title: "Slide prep", start: "2025-06-02T10:30", duration_minutes: 60 },
    ny("2025-06-02T10:30"),
    ny("2025-06-02T11:30"),
    [],
    "Blocked 10:30-11:30 am today for slide prep.",
  ),
  newEvent(
    "berlin_time",
    "Schedule a call with Lena on Wednesday at 6 pm her time, she's in Berlin.",
    { title: "Call with Lena", start: "2025-06-04T18:00", time_zone: "Europe/Berlin" },
    berlin("2025-06-04T18:00"),
    undefined,
    [ny("2025-06-04T18:00")],
    "Scheduled a call with Lena on Wednesday, June 4 at 6:00 pm Berlin time (12:00 pm your time).",
  ),
  newEvent(
    "lisbon_time",
    "Set up a video call with Ana at 10 am Lisbon time this Saturday.",
    { title: "Video call with Ana", start: "2025-06-07T10:00", time_zone: "Europe/Lisbon" },
    lisbon("2025-06-07T10:00"),
    undefined,
    [ny("2025-06-07T10:00")],
    "Set up a video call with Ana on Saturday, June 7 at 10:00 am Lisbon time (5:00 am in New York).",
  ),
  newEvent(
    "half_hour_tomorrow",
    "Schedule a 'Budget review' for half an hour at 2:30 tomorrow afternoon.",
    { title: "Budget review", start: "2025-06-03T14:30", duration_minutes: 30 },
    ny("2025-06-03T14:30"),
    ny("2025-06-03T15:00"),
    [ny("2025-06-03T02:30")],
    "Added 'Budget review' tomorrow, June 3, 2:30-3:00 pm.",
  ),
  newEvent(
    "ninety_minutes_wednesday",
    "Book a 90-minute 'Deep work' block Wednesday at 10.",
    { title: "Deep work", start: "2025-06-04T10:00", duration_minutes: 90 },
    ny("2025-06-04T10:00"),
    ny("2025-06-04T11:30"),
    [ny("2025-06-04T22:00")],
    "Booked 'Deep work' on Wednesday, June 4, 10:00-11:30 am.",
  ),
  newEvent(
    "sunday_afternoon",
    "Put 'Call Lena' on Sunday at 2 in the afternoon, for an hour.",
    { title: "Call Lena", start: "2025-06-08T14:00", duration_minutes: 60 },
    ny("2025-06-08T14:00"),
    ny("2025-06-08T15:00"),
    [ny("2025-06-08T02:00"), ny("2025-06-01T14:00")],
    "Added 'Call Lena' on Sunday, June 8, 2:00-3:00 pm.",
  ),
  newEvent(
    "july_first_noon",
    "lunch w/ Olivia on the 1st of July at noon, put it in pls",
    { title: "Lunch with Olivia", start: "2025-07-01T12:00" },
    ny("2025-07-01T12:00"),
    undefined,
    [ny("2025-07-01T00:00")],
    "Added lunch with Olivia on Tuesday, July 1 at 12:00 pm.",
  ),
  newEvent(
    "lisbon_checkin",
    "The day I land in Lisbon, add 'Check in at Casa do Largo' at 3 pm local time.",
    { title: "Check in at Casa do Largo", start: "2025-06-20T15:00", time_zone: "Europe/Lisbon" },
    lisbon("2025-06-20T15:00"),
    undefined,
    [ny("2025-06-20T15:00"), lisbon("2025-06-19T15:00")],
    "You land on Friday, June 20 at 9:25; added 'Check in at Casa do Largo' at 3:00 pm Lisbon time that day.",
    [step(call("calendar_search_events", { query: "flight" }))],
  ),
  newEvent(
    "pickup_return_flight",
    "Add 'Pick up car at Logan' for when my flight back from Lisbon lands.",
    { title: "Pick up car at Logan", start: "2025-06-27T14:45" },
    ny("2025-06-27T14:45"),
    undefined,
    [lisbon("2025-06-27T14:45"), lisbon("2025-06-27T12:10")],
    "Your flight TP 217 lands at 2:45 pm Boston time on June 27; added 'Pick up car at Logan' then.",
    [step(call("calendar_search_events", { query: "flight" }))],
  ),
  mailTo(
    "mom_address",
    "Email my mom that I'll call her on the 9th as planned.",
    "mother",
    address.mom,
    "Call on the 9th",
    "Hi Mom, I'll call you on the 9th as planned. Love, Alex",
    "Emailed your mom (Maria Morgan) that you'll call on the 9th.",
  ),
  mailTo(
    "landlord_address",
    "Email my landlord and ask whether the water shut-off on the 10th is still happening.",
    "landlord",
    address.landlord,
    "Water shut-off on June 10",
    "Hello, is the building water shut-off on Tuesday June 10 still happening? Thanks, Alex Morgan (4B)",
    "Asked Greenway Property Management whether the June 10 water shut-off is still on.",
  ),
  mailTo(
    "okafor_late",
    "Let Dr. Okafor's office know by email that I'll be 10 minutes late on the 12th.",
    "Okafor",
    address.dentist,
    "Running 10 minutes late on June 12",
    "Hello, I'll be about 10 minutes late for my cleaning on Thursday June 12. Sorry! Alex Morgan",
    "Emailed Riverton Dental (frontdesk@riverton-dental.example.com) that you'll be 10 minutes late on the 12th.",
  ),
  {
    id: "stateful_canon_kitchen_under_30",
    category,
    domains: ["shop"],
    turns: ["Find the best-rated kitchen thing under $30 and add it to my cart."],
    milestones: [goal("in-cart", "the cast iron skillet is in the cart", cartAdded("itm-2003"))],
    minefields: [
      mine(
        "other-item",
        "put another item in the cart",
        row("cart", "added", { item_id: { not: "itm-2003" } }),
      ),
      noOrder(),
    ],
    reference: [
      step(call("shop_search", { category: "kitchen", max_price: 30, limit: 30 })),
      step(call("shop_cart_add", { item_id: "itm-2003" })),
      say(
        "The best-rated kitchen item under $30 is the Cast Iron Skillet 26 cm ($29.99, 4.8 stars); it's in your cart.",
      ),
    ],
  },
  {
    id: "stateful_canon_lisbon_guide_under_15",
    category,
    domains: ["shop"],
    turns: ["is there a Lisbon guidebook under 15 bucks? if so add it to the cart"],
    milestones: [goal("in-cart", "the Lisbon guide is in the cart", cartAdded("itm-4003"))],
    minefields: [
      mine(
        "other-item",
        "put another item in the cart",
        row("cart", "added", { item_id: { not: "itm-4003" } }),
      ),
      noOrder(),
    ],
    reference: [
      step(call("shop_search", { query: "Lisbon guide", max_price: 15 })),
      step(call("shop_cart_add", { item_id: "itm-4003" })),
      say("Yes: Lisbon Pocket Guide 2025 for $14.99. It's in your cart."),
    ],
  },
  {
    id: "stateful_canon_blender_under_80",
    category,
    domains: ["shop"],
    turns: ["Is there a blender under 80 dollars?"],
    milestones: [goal("told", "named the $79 blender", replyRegex("\\b79\\b"))],
    minefields: [readOnly()],
    reference: [
      step(call("shop_search", { query: "blender", max_price: 80 })),
      say("Yes: the Crispwell Blender 1200 W at $79.00 (rated 4.2)."),
    ],
  },
  {
    id: "stateful_canon_alarm_quarter_past_five",
    category,
    domains: ["settings"],
    turns: ["Wake me up at quarter past five tomorrow."],
    milestones: [
      goal("alarm", "a one-off alarm at 05:15", row("alarms", "added", { time: "05:15", days: [] })),
    ],
    minefields: [
      mine("misread", "set the alarm for the afternoon", row("alarms", "added", { time: "17:15" })),
      mine("other-alarm", "changed an existing alarm", row("alarms", "changed")),
    ],
    reference: [
      step(call("settings_create_alarm", { time: "05:15", label: "Wake up" })),
      say("Alarm set for 5:15 tomorrow morning."),
    ],
  },
  {
    id: "stateful_canon_alarm_half_six_saturdays",
    category,
    domains: ["settings"],
    turns: ["Set an alarm for half past six every Saturday."],
    milestones: [
      goal(
        "alarm",
        "an alarm at 06:30 on Saturdays",
        row("alarms", "added", { time: "06:30", days: ["sat"] }),
      ),
    ],
    minefields: [
      mine("misread", "set it for 18:30", row("alarms", "added", { time: "18:30" })),
      mine(
        "weekend-run",
        "changed or deleted the Weekend run alarm",
        row("alarms", "changed", { id: "alarm-0002" }),
      ),
      mine("removed", "deleted an alarm", row("alarms", "removed")),
    ],
    reference: [
      step(call("settings_create_alarm", { time: "06:30", days: ["sat"] })),
      say("Set an alarm for 6:30 every Saturday."),
    ],
  },
  {
    id: "stateful_canon_volume_quarter",
    category,
    domains: ["settings"],
    turns: ["Volume to a quarter of max, please."],
    milestones: [goal("volume", "volume is 25", setting("volume", 25))],
    minefields: [otherSettings("volume")],
    reference: [step(call("settings_set", { setting: "volume", value: 25 })), say("Volume is at 25%.")],
  },
  {
    id: "stateful_canon_brightness_half",
    category,
    domains: ["settings"],
    turns: ["Make the screen half as bright as it is now."],
    milestones: [goal("brightness", "brightness is 35 (half of 70)", setting("brightness", 35))],
    minefields: [otherSettings("brightness", "auto_brightness")],
    reference: [
      step(call("settings_get", { setting: "brightness" })),
      step(call("settings_set", { setting: "brightness", value: 35 })),
      say("Brightness went from 70% to 35% (auto-brightness is off now)."),
    ],
  },
  {
    id: "stateful_canon_priya_half_hour_later",
    category,
    domains: ["calendar"],
    turns: ["Push tomorrow's 1:1 with Priya back by half an hour."],
    milestones: [goal("moved", "the 1:1 starts at 14:30", eventMoved("evt-0010", ny("2025-06-03T14:30")))],
    minefields: [...otherEvents("evt-0010"), onlyTouches("events")],
    reference: [
      step(call("calendar_search_events", { query: "Priya", start: "2025-06-03", end: "2025-06-04" })),
      step(call("calendar_update_event", { event_id: "evt-0010", start: "2025-06-03T14:30" })),
      say("Moved tomorrow's 1:1 with Priya to 2:30-3:00 pm."),
    ],
  },
  {
    id: "stateful_canon_dentist_thing",
    category,
    domains: ["calendar"],
    turns: ["I'm going to be late for my dentist thing, can you push it an hour?"],
    milestones: [
      goal("moved", "the cleaning starts at 11:00", eventMoved("evt-0023", ny("2025-06-12T11:00"))),
    ],
    minefields: [...otherEvents("evt-0023"), onlyTouches("events")],
    reference: [
      step(call("calendar_search_events", { query: "dentist" })),
      step(call("calendar_update_event", { event_id: "evt-0023", start: "2025-06-12T11:00" })),
      say("Pushed your dentist cleaning on June 12 to 11:00 am-12:00 pm."),
    ],
  },
];
