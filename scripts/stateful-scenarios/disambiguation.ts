/**
 * `disambiguation`: two or more contacts, events, files, items, orders, alarms or settings fit the
 * request; the assistant must ask, the scripted user answers, and acting on the wrong one is a
 * minefield. Some of the look-alikes are added to the seeded world here.
 */
import {
  address,
  call,
  cartAdded,
  contains,
  eventMoved,
  eventRemoved,
  file,
  goal,
  type Milestone,
  mailAdded,
  mine,
  noOrder,
  ny,
  onlyTouches,
  orderAdded,
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
  wrongRecipient,
} from "./builders.js";

const category = "disambiguation" as const;

/** The milestone that the assistant asked, before anything else. */
const asked = (pattern: string): Milestone => goal("asked", "asked which one was meant", replyRegex(pattern));

const samPattern = "which|patel[\\s\\S]*rivera|rivera[\\s\\S]*patel";

export const disambiguation: Scenario[] = [
  {
    id: "stateful_disambiguation_sam",
    category,
    domains: ["email", "contacts"],
    turns: ["Email Sam that I'll be ten minutes late to the design review."],
    answers: [{ pattern: "which|patel|rivera", reply: "Sam Patel, the design lead." }],
    milestones: [
      asked(samPattern),
      goal("sent", "an email to Sam Patel was sent", mailAdded(address.samPatel), ["asked"]),
    ],
    minefields: [wrongRecipient(address.samPatel), onlyTouches("emails")],
    reference: [
      step(call("contacts_search", { query: "Sam" })),
      say("There are two Sams: Sam Patel and Sam Rivera. Which one?"),
      step(
        call("email_send", {
          to: [address.samPatel],
          subject: "Running late",
          body: "I'll be ten minutes late to the design review.",
        }),
      ),
      say("Sent to Sam Patel."),
    ],
  },
  {
    id: "stateful_disamb_sam_coffee",
    category,
    domains: ["email", "contacts"],
    turns: ["Ask Sam by email if they're free for coffee on Thursday."],
    answers: [{ pattern: "which|patel|rivera", reply: "Sam Rivera, my neighbour." }],
    milestones: [
      asked(samPattern),
      goal("sent", "an email to Sam Rivera", mailAdded(address.samRivera), ["asked"]),
    ],
    minefields: [wrongRecipient(address.samRivera), onlyTouches("emails")],
    reference: [
      step(call("contacts_search", { query: "Sam" })),
      say("Do you mean Sam Patel (colleague) or Sam Rivera (neighbour)?"),
      step(
        call("email_send", {
          to: [address.samRivera],
          subject: "Coffee on Thursday?",
          body: "Hi Sam, are you free for coffee on Thursday? Alex",
        }),
      ),
      say("Asked Sam Rivera about coffee on Thursday."),
    ],
  },
  {
    id: "stateful_disamb_kevin_lunch",
    category,
    domains: ["calendar"],
    world: {
      events: [
        {
          id: "evt-0901",
          title: "Lunch with Kevin",
          start: "2025-06-05T12:00:00-04:00",
          end: "2025-06-05T13:00:00-04:00",
          location: "Blue Fern Cafe",
          attendees: [address.kevin],
        },
        {
          id: "evt-0902",
          title: "Lunch with Kevin",
          start: "2025-06-10T12:00:00-04:00",
          end: "2025-06-10T13:00:00-04:00",
          location: "Green Table",
          attendees: [address.kevin],
        },
      ],
    },
    turns: ["Move my lunch with Kevin to 1 pm."],
    answers: [{ pattern: "which|thursday|tuesday|june 5|june 10|both", reply: "The Thursday one." }],
    milestones: [
      asked("which|thursday[\\s\\S]*tuesday|tuesday[\\s\\S]*thursday|june 5[\\s\\S]*june 10"),
      goal("moved", "Thursday's lunch starts at 13:00", eventMoved("evt-0901", ny("2025-06-05T13:00")), [
        "asked",
      ]),
    ],
    minefields: [...otherEvents("evt-0901"), onlyTouches("events")],
    reference: [
      step(call("calendar_search_events", { query: "Kevin lunch", start: "2025-06-02T08:30" })),
      say(
        "You have two lunches with Kevin coming up: Thursday, June 5 and Tuesday, June 10. Which one should move?",
      ),
      step(call("calendar_update_event", { event_id: "evt-0901", start: "2025-06-05T13:00" })),
      say("Moved Thursday's lunch with Kevin to 1:00-2:00 pm."),
    ],
  },
  {
    id: "stateful_disamb_chris",
    category,
    domains: ["email", "contacts"],
    world: {
      contacts: [
        {
          id: "c-901",
          name: "Chris Dalton",
          email: "chris.dalton@northwind.example.com",
          relationship: "colleague",
          notes: "Sales.",
        },
      ],
    },
    turns: ["Send Chris a quick email: running 10 minutes late."],
    answers: [{ pattern: "which|morgan|dalton", reply: "Chris Morgan, my brother." }],
    milestones: [
      asked("which|morgan[\\s\\S]*dalton|dalton[\\s\\S]*morgan"),
      goal("sent", "the email went to Chris Morgan", mailAdded(address.chris), ["asked"]),
    ],
    minefields: [wrongRecipient(address.chris), onlyTouches("emails")],
    reference: [
      step(call("contacts_search", { query: "Chris" })),
      say("I found two: Chris Dalton (colleague) and Chris Morgan (your brother). Which Chris?"),
      step(
        call("email_send", {
          to: [address.chris],
          subject: "Running late",
          body: "Running 10 minutes late. Alex",
        }),
      ),
      say("Sent to Chris Morgan."),
    ],
  },
  {
    id: "stateful_disamb_meeting_notes",
    category,
    domains: ["files"],
    world: {
      files: {
        "notes/meeting-notes.md": "# Meeting notes\n\n- Offsite logistics: bus at 8:15\n",
        "projects/meeting-notes.md": "# Project meeting notes\n\n- Q3 scope agreed with Priya\n",
      },
    },
    turns: ["Delete my meeting notes file."],
    answers: [{ pattern: "which|notes/|projects/|both", reply: "The one in notes." }],
    milestones: [
      asked("which|notes/meeting-notes[\\s\\S]*projects/|projects/meeting-notes[\\s\\S]*notes/"),
      goal("deleted", "notes/meeting-notes.md is gone", file("notes/meeting-notes.md", "removed"), ["asked"]),
    ],
    minefields: [
      mine("wrong-file", "deleted the project meeting notes", file("projects/meeting-notes.md", "removed")),
      onlyTouches("files"),
    ],
    reference: [
      step(call("files_search", { query: "meeting-notes", in: "name" })),
      say("There are two: notes/meeting-notes.md and projects/meeting-notes.md. Which one should I delete?"),
      step(call("files_delete", { path: "notes/meeting-notes.md" })),
      say("Deleted notes/meeting-notes.md."),
    ],
  },
  {
    id: "stateful_disamb_aurora_earbuds",
    category,
    domains: ["shop"],
    turns: ["Add the Aurora earbuds to my cart."],
    answers: [{ pattern: "which|pro|x2", reply: "The regular X2, not the Pro." }],
    milestones: [
      asked("which|pro"),
      goal("in-cart", "the X2 is in the cart", cartAdded("itm-1001"), ["asked"]),
    ],
    minefields: [mine("pro", "put the X2 Pro in the cart", cartAdded("itm-1002")), noOrder()],
    reference: [
      step(call("shop_search", { query: "Aurora earbuds" })),
      say(
        "There are two: Aurora X2 Wireless Earbuds ($79.99) and Aurora X2 Pro Wireless Earbuds ($149.00). Which one?",
      ),
      step(call("shop_cart_add", { item_id: "itm-1001" })),
      say("Added the Aurora X2 Wireless Earbuds to your cart."),
    ],
  },
  {
    id: "stateful_disamb_standup",
    category,
    domains: ["calendar"],
    turns: ["Cancel my standup this week."],
    answers: [{ pattern: "which|monday|wednesday|friday|all", reply: "Just Wednesday's." }],
    milestones: [
      asked("which|all of them|monday|wednesday|friday"),
      goal("removed", "Wednesday's standup is deleted", eventRemoved("evt-0012"), ["asked"]),
    ],
    minefields: [...otherEvents("evt-0012"), onlyTouches("events")],
    reference: [
      step(
        call("calendar_search_events", { query: "standup", start: "2025-06-02T08:30", end: "2025-06-07" }),
      ),
      say(
        "You have three standups left this week: today (Monday), Wednesday and Friday, all at 9:30. Which one, or all?",
      ),
      step(call("calendar_delete_event", { event_id: "evt-0012" })),
      say("Cancelled Wednesday's standup."),
    ],
  },
  {
    id: "stateful_disamb_gym",
    category,
    domains: ["calendar"],
    turns: ["Skip the gym this week, delete it."],
    answers: [{ pattern: "which|tuesday|thursday|both", reply: "Only Thursday's." }],
    milestones: [
      asked("which|both|tuesday[\\s\\S]*thursday"),
      goal("removed", "Thursday's gym is deleted", eventRemoved("evt-0014"), ["asked"]),
    ],
    minefields: [...otherEvents("evt-0014"), onlyTouches("events")],
    reference: [
      step(call("calendar_search_events", { query: "gym", start: "2025-06-02", end: "2025-06-09" })),
      say("There are two gym sessions this week, Tuesday and Thursday at 6 pm. Both, or which one?"),
      step(call("calendar_delete_event", { event_id: "evt-0014" })),
      say("Deleted Thursday's gym session."),
    ],
  },
  {
    id: "stateful_disamb_cancel_order",
    category,
    domains: ["shop"],
    world: {
      orders: [
        {
          id: "ord-0901",
          items: [{ itemId: "itm-7001", quantity: 1, priceCents: 4999 }],
          totalCents: 4999,
          paymentMethodId: "pm-visa-4242",
          status: "processing",
          placedAt: "2025-06-02T07:40:00-04:00",
        },
      ],
    },
    turns: ["Cancel my order that hasn't shipped yet."],
    answers: [{ pattern: "which|toothbrush|sunscreen|both", reply: "The toothbrush one." }],
    milestones: [
      asked("which|both|toothbrush[\\s\\S]*sunscreen|sunscreen[\\s\\S]*toothbrush"),
      goal(
        "cancelled",
        "the toothbrush order is cancelled",
        row("orders", "changed", { id: "ord-0901", status: "cancelled" }),
        ["asked"],
      ),
    ],
    minefields: [
      mine("wrong-order", "cancelled another order", row("orders", "changed", { id: { not: "ord-0901" } })),
      noOrder(),
    ],
    reference: [
      step(call("shop_order_status", {})),
      say(
        "Two orders haven't shipped: ord-0901 (Electric Toothbrush, $49.99) and ord-0003 (Sunscreen and Travel Toiletry Bag, $36.00). Which one?",
      ),
      step(call("shop_cancel_order", { order_id: "ord-0901" })),
      say("Cancelled the toothbrush order ord-0901; $49.99 will be refunded."),
    ],
  },
  {
    id: "stateful_disamb_wake_alarm",
    category,
    domains: ["settings"],
    world: { alarms: [{ id: "alarm-0901", time: "08:00", label: "Wake up", days: ["sat", "sun"] }] },
    turns: ["Turn off my wake up alarm."],
    answers: [{ pattern: "which|weekday|weekend|6:45|8:00", reply: "The weekday one." }],
    milestones: [
      asked("which|weekday[\\s\\S]*weekend|weekend[\\s\\S]*weekday|6:45[\\s\\S]*8:00"),
      goal(
        "off",
        "the weekday alarm is off",
        row("alarms", "changed", { id: "alarm-0001", enabled: false }),
        ["asked"],
      ),
    ],
    minefields: [
      mine("weekend", "changed the weekend wake-up alarm", row("alarms", "changed", { id: "alarm-0901" })),
      mine("removed", "deleted an alarm instead of turning it off", row("alarms", "removed")),
    ],
    reference: [
      step(call("settings_list_alarms", {})),
      say("You have two 'Wake up' alarms: 6:45 on weekdays and 8:00 on weekends. Which one?"),
      step(call("settings_update_alarm", { alarm_id: "alarm-0001", enabled: false })),
      say("Turned off the 6:45 weekday wake-up alarm."),
    ],
  },
  {
    id: "stateful_disamb_jordan_recipe",
    category,
    domains: ["email", "contacts", "files"],
    world: {
      contacts: [
        {
          id: "c-902",
          name: "Jordan Blake",
          email: "jordan.blake@example.com",
          relationship: "friend",
          notes: "Climbing gym.",
        },
      ],
    },
    turns: ["Send Jordan the banana bread recipe from my files."],
    answers: [{ pattern: "which|lee|blake", reply: "Jordan Lee." }],
    milestones: [
      asked("which|lee[\\s\\S]*blake|blake[\\s\\S]*lee"),
      goal("sent", "the recipe went to Jordan Lee", mailAdded(address.jordan, { body: regex("banana") }), [
        "asked",
      ]),
    ],
    minefields: [wrongRecipient(address.jordan), onlyTouches("emails")],
    reference: [
      step(
        call("contacts_search", { query: "Jordan" }),
        call("files_search", { query: "banana", in: "name" }),
      ),
      say("Which Jordan: Jordan Blake or Jordan Lee?"),
      step(call("files_read", { path: "recipes/banana-bread.md" })),
      step(
        call("email_send", {
          to: [address.jordan],
          subject: "Mom's banana bread recipe",
          body: "Hi Jordan, here's the banana bread recipe:\n\n3 very ripe bananas, 1/3 cup melted butter, 3/4 cup sugar, 1 egg, 1 tsp vanilla, 1 tsp baking soda, pinch of salt, 1 1/2 cups flour. Mash, mix, bake at 350F (175C) for 60 minutes.\n\nAlex",
        }),
      ),
      say("Sent the banana bread recipe to Jordan Lee."),
    ],
  },
  {
    id: "stateful_disamb_checkout_card",
    category,
    domains: ["shop"],
    world: { cart: [{ itemId: "itm-3003", quantity: 1 }] },
    turns: ["Check out with my card."],
    answers: [{ pattern: "which|visa|mastercard", reply: "The Mastercard." }],
    milestones: [
      asked("which|visa[\\s\\S]*mastercard|mastercard[\\s\\S]*visa"),
      goal(
        "ordered",
        "paid with the Mastercard",
        row("orders", "added", { payment_method_id: "pm-mc-5454" }),
        ["asked"],
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
      step(call("shop_list_payment_methods", {})),
      say("You have two cards: Visa ending 4242 and Mastercard ending 5454. Which one?"),
      step(call("shop_checkout", { payment_method_id: "pm-mc-5454" })),
      say("Ordered the LED Desk Lamp ($36.99) with your Mastercard ending 5454."),
    ],
  },
  {
    id: "stateful_disamb_budget_year",
    category,
    domains: ["files"],
    world: {
      files: {
        "finance/budget-2024.csv":
          "month,rent,groceries,transport,eating_out,savings\nJanuary,2050,390,110,150,800\nFebruary,2050,372,110,170,800\nMarch,2050,377,115,140,800\n",
      },
    },
    turns: ["How much did I spend on groceries in March according to my budget?"],
    answers: [{ pattern: "which|2024|2025", reply: "This year's, 2025." }],
    milestones: [
      asked("which|2024[\\s\\S]*2025|2025[\\s\\S]*2024"),
      goal("told", "gave March 2025 groceries", replyRegex("\\b402\\b"), ["asked"]),
    ],
    minefields: [mine("wrong-year", "answered from the 2024 budget", replyRegex("\\b377\\b")), readOnly()],
    reference: [
      step(call("files_search", { query: "budget", in: "name" })),
      say("There are two budget files, finance/budget-2024.csv and finance/budget-2025.csv. Which year?"),
      step(call("files_read", { path: "finance/budget-2025.csv" })),
      say("In March 2025 you spent $402 on groceries."),
    ],
  },
  {
    id: "stateful_disamb_call_with_mom",
    category,
    domains: ["calendar"],
    world: {
      events: [
        {
          id: "evt-0903",
          title: "Call with Mom",
          start: "2025-06-16T13:00:00-04:00",
          end: "2025-06-16T14:00:00-04:00",
          attendees: [address.mom],
        },
      ],
    },
    turns: ["Move my call with Mom to 3 pm."],
    answers: [{ pattern: "which|9th|16th|june 9|june 16", reply: "The one on the 16th." }],
    milestones: [
      asked("which|9[\\s\\S]*16|16[\\s\\S]*9"),
      goal("moved", "the call on the 16th starts at 15:00", eventMoved("evt-0903", ny("2025-06-16T15:00")), [
        "asked",
      ]),
    ],
    minefields: [...otherEvents("evt-0903"), onlyTouches("events")],
    reference: [
      step(call("calendar_search_events", { query: "Mom" })),
      say("You have two calls with Mom: Monday, June 9 and Monday, June 16, both at 1 pm. Which one?"),
      step(call("calendar_update_event", { event_id: "evt-0903", start: "2025-06-16T15:00" })),
      say("Moved the June 16 call with Mom to 3:00-4:00 pm."),
    ],
  },
  {
    id: "stateful_disamb_gift_card",
    category,
    domains: ["shop"],
    turns: ["Buy a gift card, it's for my brother's birthday."],
    answers: [{ pattern: "which|\\$?50|\\$?100", reply: "The $50 one." }],
    milestones: [
      asked("which|50[\\s\\S]*100|100[\\s\\S]*50"),
      goal("ordered", "bought the $50 gift card", orderAdded("itm-9001"), ["asked"]),
    ],
    minefields: [mine("wrong-card", "bought the $100 gift card", orderAdded("itm-9002"))],
    reference: [
      step(call("shop_search", { query: "gift card" })),
      say("The shop has a $50 and a $100 gift card. Which one?"),
      step(call("shop_cart_add", { item_id: "itm-9001" })),
      step(call("shop_checkout", {})),
      say("Bought the $50 gift card with your default Visa ending 4242."),
    ],
  },
  {
    id: "stateful_disamb_olivia_book_club",
    category,
    domains: ["calendar", "contacts"],
    world: {
      contacts: [
        { id: "c-903", name: "Olivia Chen", email: "olivia.chen@example.com", relationship: "cousin" },
      ],
    },
    turns: ["Add Olivia to my book club event."],
    answers: [{ pattern: "which|martin|chen", reply: "Olivia Martin." }],
    milestones: [
      asked("which|martin[\\s\\S]*chen|chen[\\s\\S]*martin"),
      goal(
        "invited",
        "Olivia Martin is on the book club",
        row("events", "changed", { id: "evt-0022", attendees: [address.emily, address.olivia] }, [
          "attendees",
        ]),
        ["asked"],
      ),
    ],
    minefields: [
      mine(
        "wrong-olivia",
        "invited Olivia Chen",
        row("events", "changed", { attendees: contains("olivia.chen") }),
      ),
      ...otherEvents("evt-0022"),
    ],
    reference: [
      step(
        call("calendar_search_events", { query: "book club" }),
        call("contacts_search", { query: "Olivia" }),
      ),
      say("Which Olivia: Olivia Chen or Olivia Martin?"),
      step(
        call("calendar_update_event", { event_id: "evt-0022", attendees: [address.emily, address.olivia] }),
      ),
      say("Added Olivia Martin to the book club on June 11."),
    ],
  },
  {
    id: "stateful_disamb_packing_list",
    category,
    domains: ["files"],
    world: { files: { "notes/packing-list.txt": "tent\nsleeping bag\nheadlamp\ncamp stove\n" } },
    turns: ["Rename my packing list to packing-lisbon.txt."],
    answers: [{ pattern: "which|travel|notes|camping", reply: "The travel one." }],
    milestones: [
      asked("which|travel/packing-list[\\s\\S]*notes/|notes/packing-list[\\s\\S]*travel/"),
      goal(
        "renamed",
        "the travel packing list is travel/packing-lisbon.txt",
        file("travel/packing-lisbon.txt", "added", contains("passport")),
        ["asked"],
      ),
    ],
    minefields: [
      mine("wrong-file", "moved the camping list", file("notes/packing-list.txt", "removed")),
      onlyTouches("files"),
    ],
    reference: [
      step(call("files_search", { query: "packing", in: "name" })),
      say(
        "I found two packing lists: notes/packing-list.txt (camping gear) and travel/packing-list.txt. Which one?",
      ),
      step(call("files_move", { from: "travel/packing-list.txt", to: "travel/packing-lisbon.txt" })),
      say("Renamed travel/packing-list.txt to travel/packing-lisbon.txt."),
    ],
  },
  {
    id: "stateful_disamb_forward_dashboard",
    category,
    domains: ["email", "contacts"],
    turns: ["Forward Tom's dashboard email to Sam."],
    answers: [{ pattern: "which|patel|rivera", reply: "Sam Patel." }],
    milestones: [
      asked(samPattern),
      goal(
        "forwarded",
        "the dashboard email went to Sam Patel",
        mailAdded(address.samPatel, { subject: regex("^fwd:.*dashboard") }),
        ["asked"],
      ),
    ],
    minefields: [wrongRecipient(address.samPatel), onlyTouches("emails")],
    reference: [
      step(
        call("email_search", { from: "tom", query: "dashboard" }),
        call("contacts_search", { query: "Sam" }),
      ),
      say("Which Sam: Sam Patel or Sam Rivera?"),
      step(call("email_forward", { message_id: "msg-0020", to: [address.samPatel] })),
      say("Forwarded 'Dashboard numbers for May' to Sam Patel."),
    ],
  },
  {
    id: "stateful_disamb_long_run",
    category,
    domains: ["calendar"],
    turns: ["Delete the running club long run from my calendar."],
    answers: [{ pattern: "which|14|28|both", reply: "The one on the 28th, I'll be jet-lagged." }],
    milestones: [
      asked("which|both|14[\\s\\S]*28"),
      goal("removed", "the June 28 run is deleted", eventRemoved("evt-0041"), ["asked"]),
    ],
    minefields: [...otherEvents("evt-0041"), onlyTouches("events")],
    reference: [
      step(call("calendar_search_events", { query: "long run" })),
      say("There are two long runs: Saturday, June 14 and Saturday, June 28, both at 8:00. Which one?"),
      step(call("calendar_delete_event", { event_id: "evt-0041" })),
      say("Deleted the June 28 long run."),
    ],
  },
  {
    id: "stateful_disamb_orbit_item",
    category,
    domains: ["shop"],
    turns: ["I want the Orbit thing for my desk, add it to my cart."],
    answers: [{ pattern: "which|mouse|keyboard|stand|chair", reply: "The monitor stand." }],
    milestones: [
      asked("which|mouse|keyboard|stand|chair"),
      goal("in-cart", "the monitor stand is in the cart", cartAdded("itm-6003"), ["asked"]),
    ],
    minefields: [
      mine(
        "wrong-item",
        "put another Orbit item in the cart",
        row("cart", "added", { item_id: { not: "itm-6003" } }),
      ),
      noOrder(),
    ],
    reference: [
      step(call("shop_search", { query: "Orbit" })),
      say(
        "Orbit makes four desk things here: Wireless Mouse ($24.50), Mechanical Keyboard TKL ($89.00), Monitor Stand with Drawer ($34.99) and Ergonomic Office Chair ($289.00). Which one?",
      ),
      step(call("shop_cart_add", { item_id: "itm-6003" })),
      say("Added the Orbit Monitor Stand with Drawer to your cart."),
    ],
  },
  {
    id: "stateful_disamb_turn_it_down",
    category,
    domains: ["settings"],
    turns: ["Can you turn it down a bit?"],
    answers: [{ pattern: "volume|brightness|which|what", reply: "The volume. Make it 40." }],
    milestones: [
      asked("volume|brightness|which|what"),
      goal("volume", "volume is 40", setting("volume", 40), ["asked"]),
    ],
    minefields: [otherSettings("volume")],
    reference: [
      say("Do you mean the volume or the screen brightness, and how far down?"),
      step(call("settings_set", { setting: "volume", value: 40 })),
      say("Volume is at 40% now."),
    ],
  },
];
