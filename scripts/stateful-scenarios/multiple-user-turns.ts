/**
 * `multiple-user-turns`: two or three user turns, the later ones building on what the assistant
 * found in the earlier ones.
 */

import { defaultWorldFixture } from "../../src/assistant/world.js";
import {
  address,
  call,
  cartAdded,
  contains,
  eventAdded,
  eventMoved,
  eventRemoved,
  file,
  goal,
  mailAdded,
  mine,
  noOrder,
  ny,
  onlyTouches,
  orderAdded,
  otherEvents,
  otherSettings,
  regex,
  replyRegex,
  row,
  type Scenario,
  say,
  setting,
  step,
  wrongRecipient,
} from "./builders.js";

const category = "multiple-user-turns" as const;

/** The seeded Q3 plan with the tooling budget raised to $20,000. */
const q3PlanWithNewTooling = (defaultWorldFixture().files["projects/q3-plan.md"] ?? "").replace(
  "| Tooling | $18,000 |",
  "| Tooling | $20,000 |",
);

export const multipleUserTurns: Scenario[] = [
  {
    id: "stateful_turns_friday_cancel_dinner",
    category,
    domains: ["calendar"],
    turns: ["What's on my calendar this Friday?", "Jordan's sick. Cancel the dinner."],
    milestones: [
      goal("listed", "told the user about dinner with Jordan", replyRegex("Jordan")),
      goal("cancelled", "the dinner with Jordan is deleted", eventRemoved("evt-0016"), ["listed"]),
    ],
    minefields: [...otherEvents("evt-0016"), onlyTouches("events")],
    reference: [
      step(call("calendar_list_events", { start: "2025-06-06", end: "2025-06-07" })),
      say(
        "Friday, June 6: team standup 9:30-9:45 on Zoom, and dinner with Jordan 7:30-9:30 pm at Osteria Lupa.",
      ),
      step(call("calendar_delete_event", { event_id: "evt-0016" })),
      say("Cancelled the dinner with Jordan. Hope they feel better soon."),
    ],
  },
  {
    id: "stateful_turns_jordan_unread_reply",
    category,
    domains: ["email"],
    turns: ["Any unread emails from Jordan?", "Reply that 5 works and I'll bring dessert."],
    milestones: [
      goal("found", "told the user about Jordan's unread message", replyRegex("party|14")),
      goal("replied", "replied to Jordan's message", mailAdded(address.jordan, { in_reply_to: "msg-0007" }), [
        "found",
      ]),
    ],
    minefields: [wrongRecipient(address.jordan), onlyTouches("emails")],
    reference: [
      step(call("email_list", { unread_only: true, limit: 20 })),
      say(
        'Yes, one: Jordan wrote on May 30 "Perfect. Also, the party on the 14th starts at 5, bring nothing but yourself."',
      ),
      step(call("email_reply", { message_id: "msg-0007", body: "5 works! I'll bring dessert. Alex" })),
      say("Replied to Jordan: 5 works and you'll bring dessert."),
    ],
  },
  {
    id: "stateful_turns_earbuds_compare",
    category,
    domains: ["shop"],
    turns: [
      "How much are the Aurora X2 earbuds?",
      "And the Pro version?",
      "OK, put the cheaper one in my cart.",
    ],
    milestones: [
      goal("price", "gave the X2 price", replyRegex("79\\.99")),
      goal("pro-price", "gave the X2 Pro price", replyRegex("149"), ["price"]),
      goal("in-cart", "the X2 is in the cart", cartAdded("itm-1001"), ["pro-price"]),
    ],
    minefields: [mine("pro-in-cart", "put the Pro in the cart", cartAdded("itm-1002")), noOrder()],
    reference: [
      step(call("shop_search", { query: "Aurora X2 earbuds" })),
      say("The Aurora X2 Wireless Earbuds are $79.99."),
      say("The Aurora X2 Pro Wireless Earbuds are $149.00."),
      step(call("shop_cart_add", { item_id: "itm-1001" })),
      say("Added the Aurora X2 Wireless Earbuds ($79.99) to your cart."),
    ],
  },
  {
    id: "stateful_turns_flight_drive_block",
    category,
    domains: ["calendar"],
    turns: ["When does my flight to Lisbon leave?", "Block the two hours before it as 'Drive to Logan'."],
    milestones: [
      goal("told", "gave the departure time", replyRegex("9:40|21:40")),
      goal(
        "blocked",
        "a block from 19:40 to 21:40 on June 19",
        eventAdded({ start_utc: ny("2025-06-19T19:40"), end_utc: ny("2025-06-19T21:40") }),
        ["told"],
      ),
    ],
    minefields: [...otherEvents(), onlyTouches("events")],
    reference: [
      step(call("calendar_search_events", { query: "flight" })),
      say("Your flight TP 218 to Lisbon leaves Boston Logan (Terminal E) on Thursday, June 19 at 9:40 pm."),
      step(
        call("calendar_create_event", {
          title: "Drive to Logan",
          start: "2025-06-19T19:40",
          end: "2025-06-19T21:40",
        }),
      ),
      say("Blocked 7:40-9:40 pm on June 19 as 'Drive to Logan'."),
    ],
  },
  {
    id: "stateful_turns_volume_half",
    category,
    domains: ["settings"],
    turns: ["What's my volume at right now?", "Turn it down to half of that."],
    milestones: [
      goal("told", "gave the volume", replyRegex("\\b60\\b")),
      goal("halved", "volume is 30", setting("volume", 30), ["told"]),
    ],
    minefields: [otherSettings("volume"), onlyTouches("settings")],
    reference: [
      step(call("settings_get", { setting: "volume" })),
      say("Your volume is at 60%."),
      step(call("settings_set", { setting: "volume", value: 30 })),
      say("Volume is now 30%."),
    ],
  },
  {
    id: "stateful_turns_cancel_unshipped",
    category,
    domains: ["shop"],
    turns: ["Which of my orders haven't arrived yet?", "Cancel the one that hasn't shipped."],
    milestones: [
      goal("shipped", "named the shipped water bottle order", replyRegex("water bottle|ord-0002")),
      goal("processing", "named the unshipped order", replyRegex("sunscreen|toiletry|ord-0003")),
      goal(
        "cancelled",
        "order ord-0003 is cancelled",
        row("orders", "changed", { id: "ord-0003", status: "cancelled" }),
        ["shipped", "processing"],
      ),
    ],
    minefields: [
      mine("other-order", "changed another order", row("orders", "changed", { id: { not: "ord-0003" } })),
      noOrder(),
    ],
    reference: [
      step(call("shop_order_status", {})),
      say(
        "Two: ord-0002 (Insulated Water Bottle) has shipped and is on its way, and ord-0003 (Sunscreen SPF 50 and Travel Toiletry Bag) is still processing.",
      ),
      step(call("shop_cancel_order", { order_id: "ord-0003" })),
      say("Cancelled ord-0003; $36.00 will be refunded to your Visa."),
    ],
  },
  {
    id: "stateful_turns_marcus_headcount",
    category,
    domains: ["email", "files"],
    turns: [
      "What did Marcus ask for in his latest email?",
      "Send him the headcount section of the Q3 plan then.",
    ],
    milestones: [
      goal("told", "said what Marcus asked for", replyRegex("headcount|tooling")),
      goal(
        "sent",
        "the headcount went to Marcus",
        mailAdded(address.marcus, { body: regex("backend engineer|designer") }),
        ["told"],
      ),
    ],
    minefields: [wrongRecipient(address.marcus), onlyTouches("emails")],
    reference: [
      step(call("email_search", { from: "marcus" })),
      say("Marcus wants the Q3 draft, in particular the headcount and the tooling budget lines."),
      step(call("files_search", { query: "q3", in: "name" })),
      step(call("files_read", { path: "projects/q3-plan.md" })),
      step(
        call("email_reply", {
          message_id: "msg-0010",
          body: "Hi Marcus, here is the headcount section of the Q3 plan:\n- One backend engineer (open since May)\n- One contract designer for 3 months\nAlex",
        }),
      ),
      say("Sent Marcus the headcount section: one backend engineer and one contract designer for 3 months."),
    ],
  },
  {
    id: "stateful_turns_water_shutoff",
    category,
    domains: ["email", "calendar"],
    turns: ["When is the building water being shut off?", "Put that in my calendar please."],
    milestones: [
      goal("told", "gave the shut-off date", replyRegex("June 10|10 June|Jun\\.? 10|Tuesday")),
      goal(
        "added",
        "an event for the shut-off, 9:00-12:00 on June 10",
        eventAdded({ start_utc: ny("2025-06-10T09:00"), end_utc: ny("2025-06-10T12:00") }),
        ["told"],
      ),
    ],
    minefields: [...otherEvents(), onlyTouches("events")],
    reference: [
      step(call("email_search", { query: "water" })),
      step(call("email_read", { message_id: "msg-0022" })),
      say("Greenway says the building water will be off on Tuesday, June 10 from 9:00 to 12:00."),
      step(
        call("calendar_create_event", {
          title: "Building water shut off",
          start: "2025-06-10T09:00",
          end: "2025-06-10T12:00",
        }),
      ),
      say("Added 'Building water shut off' on June 10, 9:00-12:00."),
    ],
  },
  {
    id: "stateful_turns_kettle_buy",
    category,
    domains: ["shop"],
    turns: ["I need a pour-over kettle. Does the shop have one?", "What's it rated?", "Great, buy it."],
    milestones: [
      goal("found", "found the kettle and its price", replyRegex("\\b34\\b")),
      goal("rating", "gave its rating", replyRegex("4\\.6"), ["found"]),
      goal("ordered", "ordered the kettle", orderAdded("itm-2002"), ["rating"]),
    ],
    minefields: [
      mine(
        "other-item",
        "ordered something else",
        row("orders", "added", { items: { not: contains('"itm-2002"') } }),
      ),
    ],
    reference: [
      step(call("shop_search", { query: "pour-over kettle" })),
      say("Yes: the Brewmaster Pour-Over Coffee Kettle 1 L, $34.00, in stock."),
      say("It's rated 4.6 out of 5."),
      step(call("shop_cart_add", { item_id: "itm-2002" })),
      step(call("shop_checkout", {})),
      say("Ordered the Pour-Over Coffee Kettle ($34.00) with your default Visa ending 4242."),
    ],
  },
  {
    id: "stateful_turns_nora_offsite_help",
    category,
    domains: ["contacts", "email"],
    turns: ["Who's Nora Kim again?", "Email her that I can help set up on the morning of the offsite."],
    milestones: [
      goal("told", "said who Nora is", replyRegex("offsite|colleague")),
      goal("sent", "the email went to Nora", mailAdded(address.nora), ["told"]),
    ],
    minefields: [wrongRecipient(address.nora), onlyTouches("emails")],
    reference: [
      step(call("contacts_search", { query: "Nora Kim" })),
      say("Nora Kim is a colleague at Northwind; she organises the team offsite."),
      step(
        call("email_send", {
          to: [address.nora],
          subject: "Offsite setup",
          body: "Hi Nora, I can help set up on the morning of the offsite. Alex",
        }),
      ),
      say("Emailed Nora that you can help set up on the morning of the offsite."),
    ],
  },
  {
    id: "stateful_turns_concord_offsite_note",
    category,
    domains: ["web", "calendar"],
    turns: [
      "What's the weather going to be like in Concord on the 13th?",
      "Nice. Add 'bring sunscreen for the kayaks' to the offsite's description in my calendar.",
    ],
    milestones: [
      goal("told", "gave the Concord forecast for June 13", replyRegex("clear|28 ?°|5 ?%")),
      goal(
        "noted",
        "the offsite's description mentions sunscreen",
        row("events", "changed", { id: "evt-0025", description: contains("sunscreen") }, ["description"]),
        ["told"],
      ),
    ],
    minefields: [
      ...otherEvents("evt-0025"),
      mine("moved", "moved the offsite", row("events", "changed", { id: "evt-0025" }, ["start_utc"])),
    ],
    reference: [
      step(call("web_search", { query: "Concord weather forecast June 13" })),
      step(call("web_fetch", { url: "https://weather.example.com/forecast/concord/2025-06-09" })),
      say("Friday, June 13 in Concord: clear, high 28°C (82°F), low 12°C, 5% chance of rain."),
      step(call("calendar_search_events", { query: "offsite" })),
      step(
        call("calendar_update_event", {
          event_id: "evt-0025",
          description: "Bus leaves the office at 8:15. Agenda from Nora. Bring sunscreen for the kayaks.",
        }),
      ),
      say("Added 'bring sunscreen for the kayaks' to the offsite's description."),
    ],
  },
  {
    id: "stateful_turns_packing_sunglasses",
    category,
    domains: ["files"],
    turns: ["What's in my travel folder?", "Add sunglasses to the packing list."],
    milestones: [
      goal("listed", "named the packing list", replyRegex("packing")),
      goal(
        "added",
        "the packing list keeps its items and gains sunglasses",
        file("travel/packing-list.txt", "changed", regex("passport[\\s\\S]*sunglasses")),
        ["listed"],
      ),
    ],
    minefields: [
      mine(
        "overwritten",
        "replaced the packing list",
        file("travel/packing-list.txt", "changed", { not: contains("passport") }),
      ),
      mine("itinerary", "changed the itinerary", file("travel/lisbon-itinerary.md", "changed")),
      onlyTouches("files"),
    ],
    reference: [
      step(call("files_list", { path: "travel" })),
      say("Two files: travel/lisbon-itinerary.md and travel/packing-list.txt."),
      step(
        call("files_write", {
          path: "travel/packing-list.txt",
          content: "sunglasses\n",
          if_exists: "append",
        }),
      ),
      say("Added sunglasses to travel/packing-list.txt."),
    ],
  },
  {
    id: "stateful_turns_book_club_late",
    category,
    domains: ["calendar"],
    turns: [
      "What time does book club start on the 11th?",
      "I'll be half an hour late, push it back 30 minutes in my calendar.",
    ],
    milestones: [
      goal("told", "gave the start time", replyRegex("6:30|18:30")),
      goal("moved", "book club starts at 19:00", eventMoved("evt-0022", ny("2025-06-11T19:00")), ["told"]),
    ],
    minefields: [...otherEvents("evt-0022"), onlyTouches("events")],
    reference: [
      step(call("calendar_search_events", { query: "book club" })),
      say("Book club (The Quiet Harbor) is on Wednesday, June 11 at 6:30 pm at Emily's place."),
      step(call("calendar_update_event", { event_id: "evt-0022", start: "2025-06-11T19:00" })),
      say("Moved it to 7:00-8:30 pm."),
    ],
  },
  {
    id: "stateful_turns_cart_drop_priciest",
    category,
    domains: ["shop"],
    world: {
      cart: [
        { itemId: "itm-2007", quantity: 1 },
        { itemId: "itm-2005", quantity: 1 },
        { itemId: "itm-2006", quantity: 1 },
      ],
    },
    turns: ["What's in my cart?", "Take out the most expensive thing and check out."],
    milestones: [
      goal("told", "listed the scale", replyRegex("scale")),
      goal(
        "ordered",
        "bought the baking mats and the loaf pan",
        row("orders", "added", { total_cents: 2849 }),
        ["told"],
      ),
    ],
    minefields: [mine("scale-bought", "bought the scale", orderAdded("itm-2007"))],
    reference: [
      step(call("shop_cart_view", {})),
      say("Digital Kitchen Scale $19.99, Silicone Baking Mat Set $15.99 and Loaf Pan $12.50; $48.48 in all."),
      step(call("shop_cart_remove", { item_id: "itm-2007" })),
      step(call("shop_checkout", {})),
      say("Removed the scale and ordered the baking mats and the loaf pan for $28.49."),
    ],
  },
  {
    id: "stateful_turns_10k_reminder",
    category,
    domains: ["email", "calendar"],
    turns: [
      "Did the running club email about the River 10K?",
      "Put a reminder to register in my calendar at 9 am the day before the early price ends.",
    ],
    milestones: [
      goal("told", "gave the early-price deadline", replyRegex("June 15|15 June|Jun\\.? 15|\\$35")),
      goal("reminder", "a reminder at 9:00 on June 14", eventAdded({ start_utc: ny("2025-06-14T09:00") }), [
        "told",
      ]),
    ],
    minefields: [...otherEvents(), onlyTouches("events")],
    reference: [
      step(call("email_search", { query: "10K" })),
      step(call("email_read", { message_id: "msg-0027" })),
      say("Yes: the River 10K is on July 12; registration is $35 until June 15 and $45 after."),
      step(call("calendar_create_event", { title: "Register for the River 10K", start: "2025-06-14T09:00" })),
      say("Added a reminder to register on Saturday, June 14 at 9 am."),
    ],
  },
  {
    id: "stateful_turns_saturday_picnic",
    category,
    domains: ["web", "calendar"],
    turns: [
      "What's the weather in Riverton this Saturday?",
      "Good, then add a picnic at Riverside Park from noon to 2 that day.",
    ],
    milestones: [
      goal("told", "gave Saturday's forecast", replyRegex("partly cloudy|16 ?%|21 ?°")),
      goal(
        "added",
        "a picnic from 12:00 to 14:00 on June 7",
        eventAdded({ start_utc: ny("2025-06-07T12:00"), end_utc: ny("2025-06-07T14:00") }),
        ["told"],
      ),
    ],
    minefields: [...otherEvents(), onlyTouches("events")],
    reference: [
      step(call("web_search", { query: "Riverton weather forecast" })),
      step(call("web_fetch", { url: "https://weather.example.com/forecast/riverton/2025-06-02" })),
      say("Saturday, June 7 in Riverton: partly cloudy, high 21°C (70°F), 16% chance of rain."),
      step(
        call("calendar_create_event", {
          title: "Picnic at Riverside Park",
          start: "2025-06-07T12:00",
          end: "2025-06-07T14:00",
        }),
      ),
      say("Added a picnic at Riverside Park on Saturday, 12:00-2:00 pm."),
    ],
  },
  {
    id: "stateful_turns_dentist_reply",
    category,
    domains: ["email"],
    turns: [
      "Has the dentist's office emailed me recently?",
      "Reply and ask whether they have anything earlier that week.",
    ],
    milestones: [
      goal("told", "mentioned the appointment reminder", replyRegex("June 12|12 June|reminder")),
      goal(
        "replied",
        "replied to the appointment reminder",
        mailAdded(address.dentist, { in_reply_to: "msg-0025" }),
        ["told"],
      ),
    ],
    minefields: [
      mine("survey", "replied to the survey", row("emails", "added", { in_reply_to: "msg-0048" })),
      wrongRecipient(address.dentist),
    ],
    reference: [
      step(call("email_search", { from: "dental" })),
      say(
        "Yes: on May 30 Riverton Dental sent a reminder for your cleaning on Thursday, June 12 at 10:00, and on May 20 a feedback survey.",
      ),
      step(
        call("email_reply", {
          message_id: "msg-0025",
          body: "Hello, do you have anything earlier that week, June 9-11? Thank you, Alex Morgan",
        }),
      ),
      say("Replied to the reminder asking for an earlier slot that week."),
    ],
  },
  {
    id: "stateful_turns_auto_brightness",
    category,
    domains: ["settings"],
    world: { settings: { brightness: 30, auto_brightness: false } },
    turns: ["What's my screen brightness set to?", "Put it back on automatic."],
    milestones: [
      goal("told", "gave the brightness", replyRegex("\\b30\\b")),
      goal("auto", "auto-brightness is on", setting("auto_brightness", true), ["told"]),
    ],
    minefields: [otherSettings("auto_brightness"), onlyTouches("settings")],
    reference: [
      step(call("settings_get", {})),
      say("Brightness is at 30%, set by hand (auto-brightness is off)."),
      step(call("settings_set", { setting: "auto_brightness", value: true })),
      say("Auto-brightness is on again."),
    ],
  },
  {
    id: "stateful_turns_gym_to_wednesday",
    category,
    domains: ["calendar"],
    turns: ["Do I have anything tomorrow evening?", "Move the gym to Wednesday, same time."],
    milestones: [
      goal("told", "mentioned the gym", replyRegex("gym")),
      goal("moved", "the gym is on Wednesday at 18:00", eventMoved("evt-0011", ny("2025-06-04T18:00")), [
        "told",
      ]),
    ],
    minefields: [...otherEvents("evt-0011"), onlyTouches("events")],
    reference: [
      step(call("calendar_list_events", { start: "2025-06-03T17:00", end: "2025-06-04T00:00" })),
      say("Just the gym, 6:00-7:00 pm at Riverton Fitness."),
      step(call("calendar_update_event", { event_id: "evt-0011", start: "2025-06-04T18:00" })),
      say("Moved the gym to Wednesday, June 4, 6:00-7:00 pm."),
    ],
  },
  {
    id: "stateful_turns_q3_tooling_budget",
    category,
    domains: ["files"],
    turns: ["What's the tooling budget in my Q3 plan?", "Change it to $20,000 in the file."],
    milestones: [
      goal("told", "gave the tooling budget", replyRegex("18,000|18 000|18k|18000")),
      goal(
        "changed",
        "the plan's tooling line says $20,000 and the rest is kept",
        file(
          "projects/q3-plan.md",
          "changed",
          regex("^(?![\\s\\S]*18,000)(?=[\\s\\S]*Contractors)[\\s\\S]*Tooling[^\\n]*20,000"),
        ),
        ["told"],
      ),
    ],
    minefields: [onlyTouches("files")],
    reference: [
      step(call("files_search", { query: "q3", in: "name" })),
      step(call("files_read", { path: "projects/q3-plan.md" })),
      say("The tooling line in the Q3 plan is $18,000."),
      step(call("files_write", { path: "projects/q3-plan.md", content: q3PlanWithNewTooling })),
      say("Updated projects/q3-plan.md: tooling is now $20,000."),
    ],
  },
  {
    id: "stateful_turns_sunday_alarm",
    category,
    domains: ["settings"],
    turns: ["Which alarms do I have for the weekend?", "Switch on the Sunday one."],
    milestones: [
      goal("told", "mentioned the Sunday alarm", replyRegex("8:30|sleep in")),
      goal(
        "enabled",
        "the Sunday alarm is on",
        row("alarms", "changed", { id: "alarm-0003", enabled: true }),
        ["told"],
      ),
    ],
    minefields: [
      mine("other-alarm", "changed another alarm", row("alarms", "changed", { id: { not: "alarm-0003" } })),
      mine("alarm-removed", "deleted an alarm", row("alarms", "removed")),
    ],
    reference: [
      step(call("settings_list_alarms", {})),
      say("Saturday 7:30 'Weekend run' (on) and Sunday 8:30 'Sleep in' (off)."),
      step(call("settings_update_alarm", { alarm_id: "alarm-0003", enabled: true })),
      say("The Sunday 8:30 'Sleep in' alarm is on."),
    ],
  },
  {
    id: "stateful_turns_kevin_trail",
    category,
    domains: ["email", "calendar"],
    turns: [
      "What was the trail Kevin recommended?",
      "Put it on my calendar for Sunday July 13, 8 am, four hours.",
    ],
    milestones: [
      goal("told", "named the trail", replyRegex("Blue Hills")),
      goal(
        "added",
        "a four-hour hike from 8:00 on July 13",
        eventAdded({ start_utc: ny("2025-07-13T08:00"), end_utc: ny("2025-07-13T12:00") }),
        ["told"],
      ),
    ],
    minefields: [...otherEvents(), onlyTouches("events")],
    reference: [
      step(call("email_search", { from: "kevin" })),
      say("Kevin suggested the Blue Hills skyline loop, about 14 km, some Sunday in July."),
      step(
        call("calendar_create_event", {
          title: "Blue Hills skyline loop with Kevin",
          start: "2025-07-13T08:00",
          duration_minutes: 240,
        }),
      ),
      say("Added the Blue Hills skyline loop on Sunday, July 13, 8:00 am-12:00 pm."),
    ],
  },
];
