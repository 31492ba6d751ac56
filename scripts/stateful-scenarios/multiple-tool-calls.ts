/**
 * `multiple-tool-calls`: one request that needs several calls (look-ups, then one or more changes).
 */

import { defaultWorldFixture } from "../../src/assistant/world.js";
import {
  address,
  call,
  called,
  cartAdded,
  contains,
  eventAdded,
  eventMoved,
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
  weekdays,
  wrongRecipient,
} from "./builders.js";

const category = "multiple-tool-calls" as const;

/** The seeded Q3 plan as the model reads it (files_read returns it without its final newline). */
const q3Plan = (defaultWorldFixture().files["projects/q3-plan.md"] ?? "").replace(/\n$/, "");

export const multipleToolCalls: Scenario[] = [
  {
    id: "stateful_multi_send_q3_plan",
    category,
    domains: ["email", "contacts", "files"],
    turns: ["Send Marcus the Q3 plan draft from my files, he's waiting for it."],
    milestones: [
      goal("read", "read the Q3 plan file", called("files_read", { path: "projects/q3-plan.md" })),
      goal(
        "sent",
        "the plan went to Marcus",
        mailAdded(address.marcus, { body: regex("headcount|18,000|onboarding") }),
        ["read"],
      ),
    ],
    minefields: [wrongRecipient(address.marcus), onlyTouches("emails")],
    reference: [
      step(call("contacts_search", { query: "Marcus" }), call("files_search", { query: "q3", in: "name" })),
      step(call("files_read", { path: "projects/q3-plan.md" })),
      step(
        call("email_send", {
          to: [address.marcus],
          subject: "Q3 plan draft",
          body: `Hi Marcus,\n\nHere is the Q3 plan draft:\n\n${q3Plan}\n\nAlex`,
        }),
      ),
      say("Sent the Q3 plan draft to Marcus Brown."),
    ],
  },
  {
    id: "stateful_multi_airplane_keep_bluetooth",
    category,
    domains: ["settings"],
    turns: ["I'm boarding. Airplane mode on, but keep Bluetooth on for my headphones."],
    milestones: [
      goal("airplane", "airplane mode is on", setting("airplane_mode", true)),
      goal("bluetooth", "Bluetooth is on again after airplane mode", setting("bluetooth", true), [
        "airplane",
      ]),
    ],
    minefields: [otherSettings("airplane_mode", "wifi", "bluetooth")],
    reference: [
      step(call("settings_set", { setting: "airplane_mode", value: true })),
      step(call("settings_set", { setting: "bluetooth", value: true })),
      say("Airplane mode is on, Wi-Fi is off, and Bluetooth is back on for your headphones."),
    ],
  },
  {
    id: "stateful_multi_wake_alarm_630",
    category,
    domains: ["settings"],
    turns: ["Move my weekday wake-up alarm to 6:30."],
    milestones: [
      goal(
        "at-630",
        "a weekday alarm rings at 06:30",
        row("alarms", "exists", { time: "06:30", days: weekdays, enabled: true }),
      ),
      goal(
        "no-645",
        "no alarm is left at 06:45",
        row("alarms", "missing", { time: "06:45", enabled: true }),
        ["at-630"],
      ),
    ],
    minefields: [
      mine(
        "other-alarm",
        "changed or deleted another alarm",
        row("alarms", "changed", { id: { not: "alarm-0001" } }),
      ),
      mine(
        "other-alarm-removed",
        "deleted another alarm",
        row("alarms", "removed", { id: { not: "alarm-0001" } }),
      ),
      onlyTouches("alarms"),
    ],
    reference: [
      step(call("settings_list_alarms", {})),
      step(call("settings_update_alarm", { alarm_id: "alarm-0001", time: "06:30" })),
      say("Your weekday wake-up alarm now rings at 6:30."),
    ],
  },
  {
    id: "stateful_multi_cart_two_books",
    category,
    domains: ["shop"],
    turns: ["Put the Lisbon Pocket Guide and the Portuguese Phrasebook in my cart."],
    milestones: [
      goal("guide", "the Lisbon guide is in the cart", cartAdded("itm-4003")),
      goal("phrasebook", "the phrasebook is in the cart", cartAdded("itm-4006")),
    ],
    minefields: [
      noOrder(),
      mine(
        "other-item",
        "put another item in the cart",
        row("cart", "added", { item_id: { not: { anyOf: ["itm-4003", "itm-4006"] } } }),
      ),
    ],
    reference: [
      step(
        call("shop_search", { query: "Lisbon Pocket Guide" }),
        call("shop_search", { query: "Portuguese Phrasebook" }),
      ),
      step(call("shop_cart_add", { item_id: "itm-4003" }), call("shop_cart_add", { item_id: "itm-4006" })),
      say("Both are in your cart: Lisbon Pocket Guide 2025 ($14.99) and Portuguese Phrasebook ($9.99)."),
    ],
  },
  {
    id: "stateful_multi_cancel_sunscreen_order",
    category,
    domains: ["shop"],
    turns: ["Please cancel the order with the sunscreen and the toiletry bag."],
    milestones: [
      goal(
        "cancelled",
        "order ord-0003 is cancelled",
        row("orders", "changed", { id: "ord-0003", status: "cancelled" }),
      ),
    ],
    minefields: [
      mine("other-order", "changed another order", row("orders", "changed", { id: { not: "ord-0003" } })),
      noOrder(),
    ],
    reference: [
      step(call("shop_order_status", {})),
      step(call("shop_cancel_order", { order_id: "ord-0003" })),
      say("Cancelled order ord-0003 (sunscreen and toiletry bag); the $36.00 will be refunded."),
    ],
  },
  {
    id: "stateful_multi_forward_booking",
    category,
    domains: ["email", "contacts"],
    turns: ["Forward my TAP flight confirmation to my brother."],
    milestones: [
      goal(
        "forwarded",
        "the booking went to Chris",
        mailAdded(address.chris, { subject: regex("^fwd:.*K7QX2P") }),
      ),
    ],
    minefields: [wrongRecipient(address.chris), onlyTouches("emails")],
    reference: [
      step(
        call("email_search", { query: "booking confirmed" }),
        call("contacts_search", { query: "brother" }),
      ),
      step(call("email_forward", { message_id: "msg-0014", to: [address.chris] })),
      say("Forwarded the TAP booking K7QX2P to Chris."),
    ],
  },
  {
    id: "stateful_multi_reply_jordan",
    category,
    domains: ["email"],
    turns: ["Reply to Jordan's last email and say I'm looking forward to Friday."],
    milestones: [
      goal(
        "replied",
        "a reply went to Jordan in the dinner thread",
        mailAdded(address.jordan, { in_reply_to: { anyOf: ["msg-0007", "msg-0005"] } }),
      ),
    ],
    minefields: [wrongRecipient(address.jordan), onlyTouches("emails")],
    reference: [
      step(call("email_search", { from: "jordan" })),
      step(call("email_reply", { message_id: "msg-0007", body: "Looking forward to Friday! Alex" })),
      say("Replied to Jordan's 'Re: Dinner Friday?' email."),
    ],
  },
  {
    id: "stateful_multi_focus_thursday",
    category,
    domains: ["calendar"],
    world: {
      events: [
        {
          id: "evt-0901",
          title: "Vendor call",
          start: "2025-06-05T13:00:00-04:00",
          end: "2025-06-05T14:30:00-04:00",
        },
        {
          id: "evt-0902",
          title: "Roadmap sync",
          start: "2025-06-05T15:00:00-04:00",
          end: "2025-06-05T16:00:00-04:00",
        },
      ],
    },
    turns: ["Find me a free hour on Thursday afternoon and block it as Focus time."],
    milestones: [
      goal(
        "blocked",
        "a one-hour Focus block in a free afternoon hour on Thursday",
        eventAdded({
          title: regex("focus"),
          start_utc: { anyOf: [ny("2025-06-05T12:00"), ny("2025-06-05T16:00")] },
          end_utc: { anyOf: [ny("2025-06-05T13:00"), ny("2025-06-05T17:00")] },
        }),
      ),
    ],
    minefields: [
      ...otherEvents(),
      mine(
        "overlap",
        "blocked time over the vendor call or the roadmap sync",
        eventAdded({ start_utc: regex("^2025-06-05T(17|18|19):") }),
      ),
    ],
    reference: [
      step(
        call("calendar_find_free_slots", {
          start: "2025-06-05T12:00",
          end: "2025-06-05T17:00",
          duration_minutes: 60,
        }),
      ),
      step(
        call("calendar_create_event", {
          title: "Focus time",
          start: "2025-06-05T16:00",
          end: "2025-06-05T17:00",
        }),
      ),
      say("Blocked Thursday 4:00-5:00 pm as Focus time (12:00-1:00 was the other free hour)."),
    ],
  },
  {
    id: "stateful_multi_weather_into_event",
    category,
    domains: ["web", "calendar"],
    turns: ["Look up the Lisbon forecast for the 21st and add it to the description of my dinner with Ana."],
    milestones: [
      goal(
        "fetched",
        "read the Lisbon forecast for the week of June 16",
        called("web_fetch", { url: contains("lisbon/2025-06-16") }),
      ),
      goal(
        "described",
        "the dinner's description holds the forecast",
        row("events", "changed", { id: "evt-0038", description: regex("shower|48 ?%|33") }, ["description"]),
        ["fetched"],
      ),
    ],
    minefields: [
      ...otherEvents("evt-0038"),
      mine("moved", "moved the dinner", row("events", "changed", { id: "evt-0038" }, ["start_utc"])),
    ],
    reference: [
      step(call("web_search", { query: "Lisbon weather forecast June 21" })),
      step(call("web_fetch", { url: "https://weather.example.com/forecast/lisbon/2025-06-16" })),
      step(call("calendar_search_events", { query: "Ana" })),
      step(
        call("calendar_update_event", {
          event_id: "evt-0038",
          description: "Forecast for June 21: showers, high 33°C, low 20°C, 48% chance of rain.",
        }),
      ),
      say("Added the forecast (showers, high 33°C, 48% chance of rain) to your dinner with Ana on the 21st."),
    ],
  },
  {
    id: "stateful_multi_save_recipe",
    category,
    domains: ["web", "files"],
    turns: [
      "Find the Cook's Corner mushroom risotto recipe online and save it to recipes/risotto-cookscorner.md.",
    ],
    milestones: [
      goal("fetched", "read the Cook's Corner recipe", called("web_fetch", { url: contains("cookscorner") })),
      goal(
        "saved",
        "the recipe is saved",
        file("recipes/risotto-cookscorner.md", "added", contains("arborio")),
        ["fetched"],
      ),
    ],
    minefields: [
      mine("old-recipe", "changed Jordan's risotto recipe", file("recipes/mushroom-risotto.md", "changed")),
      onlyTouches("files"),
    ],
    reference: [
      step(call("web_search", { query: "Cook's Corner mushroom risotto recipe" })),
      step(call("web_fetch", { url: "https://www.cookscorner.example.com/recipes/mushroom-risotto" })),
      step(
        call("files_write", {
          path: "recipes/risotto-cookscorner.md",
          content:
            "# Mushroom risotto (Cook's Corner)\n\nServes 2. 1 cup arborio rice, 4 cups warm vegetable stock, 250 g mixed mushrooms, 1 shallot, 1/2 cup dry white wine, 1/2 cup parmesan, 2 tbsp butter.\n",
        }),
      ),
      say("Saved the Cook's Corner recipe to recipes/risotto-cookscorner.md."),
    ],
  },
  {
    id: "stateful_multi_gym_next_week",
    category,
    domains: ["calendar"],
    turns: ["Move all my gym sessions next week to 7 pm."],
    milestones: [
      goal("tuesday", "Tuesday's gym starts at 19:00", eventMoved("evt-0020", ny("2025-06-10T19:00"))),
      goal("thursday", "Thursday's gym starts at 19:00", eventMoved("evt-0024", ny("2025-06-12T19:00"))),
    ],
    minefields: [...otherEvents("evt-0020", "evt-0024"), onlyTouches("events")],
    reference: [
      step(call("calendar_search_events", { query: "gym", start: "2025-06-09", end: "2025-06-16" })),
      step(
        call("calendar_update_event", { event_id: "evt-0020", start: "2025-06-10T19:00" }),
        call("calendar_update_event", { event_id: "evt-0024", start: "2025-06-12T19:00" }),
      ),
      say("Moved both gym sessions next week (Tuesday the 10th and Thursday the 12th) to 7-8 pm."),
    ],
  },
  {
    id: "stateful_multi_email_priya_marcus",
    category,
    domains: ["email", "contacts"],
    turns: ["Let Priya and Marcus know the Q3 planning review tomorrow is still on at 11."],
    milestones: [
      goal("priya", "Priya got the email", mailAdded(address.priya)),
      goal("marcus", "Marcus got the email", mailAdded(address.marcus)),
    ],
    minefields: [wrongRecipient(address.priya, address.marcus), onlyTouches("emails")],
    reference: [
      step(call("contacts_search", { query: "Priya" }), call("contacts_search", { query: "Marcus" })),
      step(
        call("email_send", {
          to: [address.priya, address.marcus],
          subject: "Q3 planning review tomorrow",
          body: "Hi both, the Q3 planning review tomorrow (June 3) is still on at 11:00. Alex",
        }),
      ),
      say("Emailed Priya and Marcus that tomorrow's Q3 planning review is still on at 11."),
    ],
  },
  {
    id: "stateful_multi_draft_emily",
    category,
    domains: ["email", "contacts"],
    turns: ["Draft an email to Emily asking what snack I should bring on the 11th. Don't send it yet."],
    milestones: [goal("drafted", "a draft to Emily", mailAdded(address.emily, {}, "drafts"))],
    minefields: [
      mine("sent", "sent an email", row("emails", "added", { folder: "sent" })),
      onlyTouches("emails"),
    ],
    reference: [
      step(call("contacts_search", { query: "Emily" })),
      step(
        call("email_draft", {
          to: [address.emily],
          subject: "Book club on the 11th",
          body: "Hi Emily, what snack should I bring to book club on the 11th? Alex",
        }),
      ),
      say("Saved a draft to Emily Zhang; it's in your drafts, not sent."),
    ],
  },
  {
    id: "stateful_multi_buy_watch_mastercard",
    category,
    domains: ["shop"],
    turns: ["Buy the Trailblazer GPS watch with my Mastercard."],
    milestones: [
      goal("in-cart", "the watch went into the cart", cartAdded("itm-1011")),
      goal(
        "ordered",
        "ordered with the Mastercard",
        orderAdded("itm-1011", { payment_method_id: "pm-mc-5454" }),
        ["in-cart"],
      ),
    ],
    minefields: [
      mine(
        "wrong-card",
        "paid with another method",
        row("orders", "added", { payment_method_id: { not: "pm-mc-5454" } }),
      ),
    ],
    reference: [
      step(call("shop_search", { query: "Trailblazer GPS watch" })),
      step(call("shop_cart_add", { item_id: "itm-1011" })),
      step(call("shop_list_payment_methods", {})),
      step(call("shop_checkout", { payment_method_id: "pm-mc-5454" })),
      say("Ordered the Trailblazer GPS Running Watch ($199.00), charged to your Mastercard ending 5454."),
    ],
  },
  {
    id: "stateful_multi_empty_cart",
    category,
    domains: ["shop"],
    world: {
      cart: [
        { itemId: "itm-1006", quantity: 1 },
        { itemId: "itm-3004", quantity: 2 },
      ],
    },
    turns: ["Empty my cart."],
    milestones: [
      goal(
        "stick-out",
        "the streaming stick is out of the cart",
        row("cart", "removed", { item_id: "itm-1006" }),
      ),
      goal(
        "plugs-out",
        "the smart plugs are out of the cart",
        row("cart", "removed", { item_id: "itm-3004" }),
      ),
    ],
    minefields: [noOrder(), onlyTouches("cart")],
    reference: [
      step(call("shop_cart_view", {})),
      step(
        call("shop_cart_remove", { item_id: "itm-1006" }),
        call("shop_cart_remove", { item_id: "itm-3004" }),
      ),
      say("Your cart is empty now."),
    ],
  },
  {
    id: "stateful_multi_lease_notice",
    category,
    domains: ["files", "calendar"],
    turns: [
      "By when do I have to tell the landlord whether I'm renewing? Check my lease and put a reminder in my calendar at 9 am that day.",
    ],
    milestones: [
      goal("read", "read the lease", called("files_read", { path: "documents/lease-2024.txt" })),
      goal("reminder", "a reminder at 9:00 on July 2", eventAdded({ start_utc: ny("2025-07-02T09:00") }), [
        "read",
      ]),
      goal("told", "the answer gives July 2", replyRegex("July 2|2 July|Jul\\.? 2|7/2"), ["read"]),
    ],
    minefields: [...otherEvents(), onlyTouches("events")],
    reference: [
      step(call("files_search", { query: "lease" })),
      step(call("files_read", { path: "documents/lease-2024.txt" })),
      step(
        call("calendar_create_event", {
          title: "Tell Greenway whether I'm renewing the lease",
          start: "2025-07-02T09:00",
        }),
      ),
      say(
        "Notice is due by July 2, 2025 (60 days before the lease ends on August 31). Reminder added for 9 am that day.",
      ),
    ],
  },
  {
    id: "stateful_multi_radios_off_dnd",
    category,
    domains: ["settings"],
    turns: ["Turn off wifi and bluetooth, and switch on do not disturb."],
    milestones: [
      goal("wifi", "Wi-Fi is off", setting("wifi", false)),
      goal("bluetooth", "Bluetooth is off", setting("bluetooth", false)),
      goal("dnd", "do-not-disturb is on", setting("do_not_disturb", true)),
    ],
    minefields: [otherSettings("wifi", "bluetooth", "do_not_disturb"), onlyTouches("settings")],
    reference: [
      step(
        call("settings_set", { setting: "wifi", value: false }),
        call("settings_set", { setting: "bluetooth", value: false }),
        call("settings_set", { setting: "do_not_disturb", value: true }),
      ),
      say("Wi-Fi and Bluetooth are off and do not disturb is on."),
    ],
  },
  {
    id: "stateful_multi_email_offsite_attendees",
    category,
    domains: ["email", "calendar"],
    turns: [
      "Email everyone coming to the team offsite that I'll drive myself and won't need a seat on the bus.",
    ],
    milestones: ["priya", "samPatel", "tom", "nora"].map((who) =>
      goal(who, `${who} got the email`, mailAdded(address[who as keyof typeof address])),
    ),
    minefields: [
      wrongRecipient(address.priya, address.samPatel, address.tom, address.nora),
      onlyTouches("emails"),
    ],
    reference: [
      step(call("calendar_search_events", { query: "offsite" })),
      step(
        call("email_send", {
          to: [address.priya, address.samPatel, address.tom, address.nora],
          subject: "Offsite on June 13: I'll drive",
          body: "Hi all, I'll drive myself to Lakeview Lodge on the 13th, so I won't need a seat on the bus. Alex",
        }),
      ),
      say("Emailed Priya, Sam Patel, Tom and Nora that you'll drive yourself to the offsite."),
    ],
  },
  {
    id: "stateful_multi_checkout_if_under_50",
    category,
    domains: ["shop"],
    world: {
      cart: [
        { itemId: "itm-2003", quantity: 1 },
        { itemId: "itm-4003", quantity: 1 },
      ],
    },
    turns: ["What's my cart total? If it's under $50, go ahead and check out."],
    milestones: [
      goal("total", "the answer gives the total", replyRegex("44\\.98")),
      goal("ordered", "the cart was bought", row("orders", "added", { total_cents: 4498 })),
    ],
    minefields: [mine("cart-changed", "changed the cart before buying", row("cart", "added"))],
    reference: [
      step(call("shop_cart_view", {})),
      step(call("shop_checkout", {})),
      say("The total was $44.98, under $50, so I checked out with your default Visa ending 4242."),
    ],
  },
  {
    id: "stateful_multi_research_to_sam_patel",
    category,
    domains: ["email", "contacts", "files"],
    turns: ["Email Sam Patel the onboarding research summary from my projects folder."],
    milestones: [
      goal(
        "read",
        "read the research summary",
        called("files_read", { path: "projects/onboarding/research-summary.md" }),
      ),
      goal(
        "sent",
        "the summary went to Sam Patel",
        mailAdded(address.samPatel, { body: regex("interview|pain point|sample data") }),
        ["read"],
      ),
    ],
    minefields: [wrongRecipient(address.samPatel), onlyTouches("emails")],
    reference: [
      step(
        call("contacts_search", { query: "Sam Patel" }),
        call("files_search", { query: "onboarding", path: "projects" }),
      ),
      step(call("files_read", { path: "projects/onboarding/research-summary.md" })),
      step(
        call("email_send", {
          to: [address.samPatel],
          subject: "Onboarding research summary",
          body: "Hi Sam,\n\nEight interviews in May. Main pain points: too many steps before the first dashboard (6 on average), unclear team invites, and no sample data.\n\nAlex",
        }),
      ),
      say("Sent the onboarding research summary to Sam Patel."),
    ],
  },
  {
    id: "stateful_multi_invite_to_book_club",
    category,
    domains: ["calendar", "contacts"],
    turns: ["Invite Kevin and Olivia to my book club event."],
    milestones: [
      goal(
        "invited",
        "the book club has Emily, Kevin and Olivia",
        row(
          "events",
          "changed",
          { id: "evt-0022", attendees: [address.emily, address.kevin, address.olivia] },
          ["attendees"],
        ),
      ),
    ],
    minefields: [...otherEvents("evt-0022"), onlyTouches("events")],
    reference: [
      step(
        call("calendar_search_events", { query: "book club" }),
        call("contacts_search", { query: "Kevin" }),
        call("contacts_search", { query: "Olivia" }),
      ),
      step(
        call("calendar_update_event", {
          event_id: "evt-0022",
          attendees: [address.emily, address.kevin, address.olivia],
        }),
      ),
      say("Added Kevin Walsh and Olivia Martin to the book club on June 11."),
    ],
  },
  {
    id: "stateful_multi_grocery_append",
    category,
    domains: ["files"],
    turns: ["Add basil and cherry tomatoes to my grocery list."],
    milestones: [
      goal(
        "added",
        "the grocery list keeps its items and gains basil and tomatoes",
        file(
          "notes/groceries.txt",
          "changed",
          regex("bananas[\\s\\S]*(basil[\\s\\S]*tomato|tomato[\\s\\S]*basil)"),
        ),
      ),
    ],
    minefields: [
      mine(
        "overwritten",
        "replaced the grocery list instead of adding to it",
        file("notes/groceries.txt", "changed", { not: contains("bananas") }),
      ),
      onlyTouches("files"),
    ],
    reference: [
      step(call("files_search", { query: "grocer", in: "name" })),
      step(
        call("files_write", {
          path: "notes/groceries.txt",
          content: "basil\ncherry tomatoes\n",
          if_exists: "append",
        }),
      ),
      say("Added basil and cherry tomatoes to notes/groceries.txt."),
    ],
  },
];
