/**
 * `single-tool-call`: one call does it (a setting, an alarm, an event, a mail to a given address, a
 * file), or one look-up answers the question.
 */
import {
  address,
  call,
  contains,
  eventAdded,
  file,
  goal,
  mailAdded,
  mine,
  ny,
  onlyTouches,
  otherEvents,
  otherSettings,
  readOnly,
  regex,
  replyRegex,
  row,
  type Scenario,
  say,
  setting,
  step,
  weekdays,
  wrongRecipient,
} from "./builders.js";

const category = "single-tool-call" as const;

/** A one-setting request. */
function settingScenario(
  slug: string,
  turn: string,
  name: string,
  value: boolean | number,
  answer: string,
  alsoChanges: string[] = [],
): Scenario {
  return {
    id: `stateful_single_${slug}`,
    category,
    domains: ["settings"],
    turns: [turn],
    milestones: [goal("set", `${name} is ${value}`, setting(name, value))],
    minefields: [otherSettings(name, ...alsoChanges), onlyTouches("settings")],
    reference: [step(call("settings_set", { setting: name, value })), say(answer)],
  };
}

/** A question one read-only call answers; `facts` are regular expressions the answer must match. */
function question(
  slug: string,
  domains: Scenario["domains"],
  turn: string,
  lookup: { name: string; arguments: Record<string, unknown> },
  facts: Record<string, string>,
  answer: string,
  world?: Record<string, unknown>,
): Scenario {
  return {
    id: `stateful_single_${slug}`,
    category,
    domains,
    ...(world === undefined ? {} : { world }),
    turns: [turn],
    milestones: Object.entries(facts).map(([id, pattern]) =>
      goal(id, `the answer gives ${id.replace(/-/g, " ")}`, replyRegex(pattern)),
    ),
    minefields: [readOnly()],
    reference: [step(call(lookup.name, lookup.arguments)), say(answer)],
  };
}

export const singleToolCall: Scenario[] = [
  settingScenario("dnd", "Turn on do not disturb please.", "do_not_disturb", true, "Do not disturb is on."),
  settingScenario("bluetooth_off", "can u switch bluetooth off", "bluetooth", false, "Bluetooth is off."),
  settingScenario("volume_25", "Set the volume to 25%.", "volume", 25, "Volume is at 25%."),
  settingScenario(
    "brightness_40",
    "The screen is way too bright. Put the brightness at 40.",
    "brightness",
    40,
    "Brightness is at 40% (auto-brightness switched off with it).",
    ["auto_brightness"],
  ),
  {
    id: "stateful_single_alarm_once",
    category,
    domains: ["settings"],
    turns: ["Set an alarm for 5:45 tomorrow morning and label it 'Airport run'."],
    milestones: [
      goal("alarm", "a one-off alarm at 05:45", row("alarms", "added", { time: "05:45", days: [] })),
    ],
    minefields: [
      mine("alarm-changed", "changed an existing alarm", row("alarms", "changed")),
      mine("alarm-removed", "deleted an alarm", row("alarms", "removed")),
      onlyTouches("alarms"),
    ],
    reference: [
      step(call("settings_create_alarm", { time: "05:45", label: "Airport run" })),
      say("Your alarm is set for 5:45 tomorrow morning."),
    ],
  },
  {
    id: "stateful_single_alarm_weekdays",
    category,
    domains: ["settings"],
    turns: ["Add an alarm at 6:15 every weekday, call it Gym."],
    milestones: [
      goal(
        "alarm",
        "an alarm at 06:15 on weekdays",
        row("alarms", "added", { time: "06:15", days: weekdays }),
      ),
    ],
    minefields: [
      mine("alarm-changed", "changed an existing alarm", row("alarms", "changed")),
      mine("alarm-removed", "deleted an alarm", row("alarms", "removed")),
      onlyTouches("alarms"),
    ],
    reference: [
      step(call("settings_create_alarm", { time: "06:15", label: "Gym", days: weekdays })),
      say("Done: a 6:15 alarm, Monday to Friday, labelled Gym."),
    ],
  },
  {
    id: "stateful_single_create_event",
    category,
    domains: ["calendar"],
    turns: ["Add 'Call the bank' to my calendar on June 4, 2025 from 13:00 to 13:30."],
    milestones: [
      goal(
        "created",
        "an event on June 4, 13:00-13:30 New York time",
        eventAdded({
          title: contains("bank"),
          start_utc: ny("2025-06-04T13:00"),
          end_utc: ny("2025-06-04T13:30"),
        }),
      ),
    ],
    minefields: [...otherEvents(), onlyTouches("events")],
    reference: [
      step(
        call("calendar_create_event", {
          title: "Call the bank",
          start: "2025-06-04T13:00",
          end: "2025-06-04T13:30",
        }),
      ),
      say("Added 'Call the bank' on Wednesday, June 4, 1:00-1:30 pm."),
    ],
  },
  {
    id: "stateful_single_email_address",
    category,
    domains: ["email"],
    turns: ["Email jordan.lee@example.net and tell them I'll bring a bottle of wine on Friday."],
    milestones: [
      goal(
        "sent",
        "an email about the wine went to Jordan",
        mailAdded(address.jordan, { body: regex("wine") }),
      ),
    ],
    minefields: [wrongRecipient(address.jordan), onlyTouches("emails")],
    reference: [
      step(
        call("email_send", {
          to: [address.jordan],
          subject: "Friday",
          body: "Hi Jordan, I'll bring a bottle of wine on Friday. Alex",
        }),
      ),
      say("Sent: you'll bring a bottle of wine on Friday."),
    ],
  },
  {
    id: "stateful_single_write_note",
    category,
    domains: ["files"],
    turns: ["Create a note at notes/call-list.md that says: call the landlord about the water shut-off."],
    milestones: [
      goal(
        "written",
        "notes/call-list.md holds the note",
        file("notes/call-list.md", "added", contains("landlord")),
      ),
    ],
    minefields: [
      mine("todo-changed", "changed the to-do list", file("notes/todo.md", "changed")),
      onlyTouches("files"),
    ],
    reference: [
      step(
        call("files_write", {
          path: "notes/call-list.md",
          content: "- Call the landlord about the water shut-off\n",
        }),
      ),
      say("Saved notes/call-list.md."),
    ],
  },
  {
    id: "stateful_single_rename_file",
    category,
    domains: ["files"],
    turns: ["Rename notes/ideas.md to notes/someday.md."],
    milestones: [
      goal(
        "renamed",
        "notes/someday.md holds the ideas",
        file("notes/someday.md", "added", contains("Portland")),
      ),
      goal("old-gone", "notes/ideas.md is gone", file("notes/ideas.md", "removed")),
    ],
    minefields: [onlyTouches("files")],
    reference: [
      step(call("files_move", { from: "notes/ideas.md", to: "notes/someday.md" })),
      say("Renamed it to notes/someday.md."),
    ],
  },
  {
    id: "stateful_single_delete_file",
    category,
    domains: ["files"],
    turns: ["Delete photos/README.txt, I don't need it."],
    milestones: [goal("deleted", "photos/README.txt is gone", file("photos/README.txt", "removed"))],
    minefields: [
      mine("other-file", "deleted another file", file("documents/resume.md", "removed")),
      onlyTouches("files"),
    ],
    reference: [step(call("files_delete", { path: "photos/README.txt" })), say("Deleted photos/README.txt.")],
  },
  question(
    "calendar_tomorrow",
    ["calendar"],
    "What's on my calendar tomorrow?",
    { name: "calendar_list_events", arguments: { start: "2025-06-03", end: "2025-06-04" } },
    { "q3-review": "Q3 planning", "priya-1on1": "1:1|one-on-one|Priya", gym: "gym" },
    "Tomorrow (Tuesday, June 3): Q3 planning review 11:00-12:00 in Conference room B, 1:1 with Priya 2:00-2:30 pm, and the gym 6:00-7:00 pm.",
  ),
  question(
    "contact_phone",
    ["contacts"],
    "what's Lena Fischer's phone number?",
    { name: "contacts_search", arguments: { query: "Lena Fischer" } },
    { number: "5550 ?1234" },
    "Lena Fischer: +49 30 5550 1234.",
  ),
  question(
    "skillet_price",
    ["shop"],
    "How much does the cast iron skillet cost?",
    { name: "shop_search", arguments: { query: "cast iron skillet" } },
    { price: "29\\.99" },
    "The Cast Iron Skillet 26 cm is $29.99, and it's in stock.",
  ),
  question(
    "plumber_fee",
    ["email"],
    "Did Dave say what his call fee is?",
    { name: "email_search", arguments: { from: "dave" } },
    { fee: "\\$? ?85\\b" },
    "Yes: Dave's call fee is $85 (for the visit on Tuesday, June 17 at 3 pm).",
  ),
  question(
    "dentist_when",
    ["calendar"],
    "When's my next dentist appointment?",
    { name: "calendar_search_events", arguments: { query: "dentist", start: "2025-06-02T08:30" } },
    { date: "June 12|12 June|Jun\\.? 12|6/12|Thursday" },
    "Thursday, June 12 at 10:00 at Riverton Dental, 22 Elm Street (arrive 10 minutes early).",
  ),
  question(
    "cart_view",
    ["shop"],
    "What's in my shopping cart?",
    { name: "shop_cart_view", arguments: {} },
    { skillet: "skillet", guide: "Lisbon" },
    "Your cart: Cast Iron Skillet 26 cm ($29.99) and Lisbon Pocket Guide 2025 ($14.99), $44.98 in all.",
    {
      cart: [
        { itemId: "itm-2003", quantity: 1 },
        { itemId: "itm-4003", quantity: 1 },
      ],
    },
  ),
  question(
    "payment_methods",
    ["shop"],
    "Which cards do I have saved for shopping?",
    { name: "shop_list_payment_methods", arguments: {} },
    { visa: "4242", mastercard: "5454" },
    "Visa ending 4242 (the default), Mastercard ending 5454, and a shop gift card.",
  ),
  question(
    "unread_count",
    ["email"],
    "How many unread emails are in my inbox?",
    { name: "email_list", arguments: { unread_only: true, limit: 50 } },
    { count: "\\b(9|nine)\\b" },
    "You have 9 unread emails in your inbox.",
  ),
  question(
    "free_wednesday",
    ["calendar"],
    "When am I free for a full hour on Wednesday?",
    {
      name: "calendar_find_free_slots",
      arguments: { start: "2025-06-04", end: "2025-06-05", duration_minutes: 60 },
    },
    { slot: "9:45" },
    "On Wednesday you're free from 9:45 am until 4:00 pm (the design critique is at 4).",
  ),
  question(
    "web_sintra_train",
    ["web"],
    "How long is the train from Rossio to Sintra? Look it up for me.",
    { name: "web_search", arguments: { query: "train Rossio to Sintra" } },
    { duration: "40 ?min" },
    "About 40 minutes; trains leave Rossio every 20 minutes.",
  ),
  question(
    "weekday_alarm",
    ["settings"],
    "what time is my weekday alarm set for",
    { name: "settings_list_alarms", arguments: {} },
    { time: "6:45|06:45|quarter to seven" },
    "Your weekday 'Wake up' alarm is at 6:45.",
  ),
];
