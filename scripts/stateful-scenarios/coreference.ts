/**
 * `coreference`: a later turn points back at something found or made earlier ("it", "the second
 * one", "that file", "him", "the day after"), and the assistant must resolve it to the right id.
 */
import {
  address,
  call,
  called,
  cartAdded,
  contains,
  eventAdded,
  eventMoved,
  eventRemoved,
  file,
  goal,
  lisbon,
  mailAdded,
  mine,
  noOrder,
  ny,
  onlyTouches,
  orderAdded,
  otherEvents,
  readOnly,
  regex,
  replyRegex,
  row,
  type Scenario,
  say,
  step,
  wrongRecipient,
} from "./builders.js";

const category = "coreference" as const;

export const coreference: Scenario[] = [
  {
    id: "stateful_coref_day_after",
    category,
    domains: ["calendar"],
    turns: ["Add 'Coffee with Lena' on Thursday at 10 am.", "Actually, move it to the day after."],
    milestones: [
      goal(
        "created",
        "coffee with Lena on Thursday at 10:00",
        eventAdded({ title: contains("lena"), start_utc: ny("2025-06-05T10:00") }),
      ),
      goal(
        "moved",
        "coffee with Lena is on Friday at 10:00",
        eventAdded({ title: contains("lena"), start_utc: ny("2025-06-06T10:00") }),
        ["created"],
      ),
      goal(
        "thursday-free",
        "nothing is left at 10:00 on Thursday",
        row("events", "missing", { start_utc: ny("2025-06-05T10:00") }),
        ["moved"],
      ),
    ],
    minefields: [...otherEvents(), onlyTouches("events")],
    reference: [
      step(call("calendar_create_event", { title: "Coffee with Lena", start: "2025-06-05T10:00" })),
      say("Added 'Coffee with Lena' on Thursday, June 5 at 10:00 am."),
      step(call("calendar_update_event", { event_id: "evt-0044", start: "2025-06-06T10:00" })),
      say("Moved it to Friday, June 6 at 10:00 am."),
    ],
  },
  {
    id: "stateful_coref_reply_first",
    category,
    domains: ["email"],
    turns: ["Show me my latest three emails.", "Reply to the first one: I'll send it over by noon."],
    milestones: [
      goal("listed", "listed Marcus's email first", replyRegex("Marcus")),
      goal("replied", "replied to Marcus's email", mailAdded(address.marcus, { in_reply_to: "msg-0010" }), [
        "listed",
      ]),
    ],
    minefields: [
      mine(
        "phishing",
        "replied to a phishing email",
        row("emails", "added", { in_reply_to: { anyOf: ["msg-0042", "msg-0043"] } }),
      ),
      wrongRecipient(address.marcus),
    ],
    reference: [
      step(call("email_list", { limit: 3 })),
      say(
        "1. Marcus Brown, 'Re: Q3 plan draft' (7:50 today). 2. IT Service Desk, 'Mailbox quota exceeded' (looks like phishing). 3. Deals Daily, 'Flash sale: 70% off gift cards' (also suspicious).",
      ),
      step(
        call("email_reply", { message_id: "msg-0010", body: "Hi Marcus, I'll send it over by noon. Alex" }),
      ),
      say("Replied to Marcus that you'll send it by noon."),
    ],
  },
  {
    id: "stateful_coref_forward_hotel",
    category,
    domains: ["email", "contacts"],
    turns: ["Find the email with my Lisbon hotel reservation.", "Forward it to my mom."],
    milestones: [
      goal("found", "named the hotel", replyRegex("Casa do Largo")),
      goal(
        "forwarded",
        "the reservation went to Mom",
        mailAdded(address.mom, { subject: regex("^fwd:.*reservation") }),
        ["found"],
      ),
    ],
    minefields: [wrongRecipient(address.mom), onlyTouches("emails")],
    reference: [
      step(call("email_search", { query: "reservation" })),
      say("Found it: 'Reservation confirmed: 20-27 June' from Casa do Largo, 7 nights, check-in from 15:00."),
      step(call("contacts_search", { query: "mother" })),
      step(call("email_forward", { message_id: "msg-0015", to: [address.mom] })),
      say("Forwarded the Casa do Largo reservation to your mom."),
    ],
  },
  {
    id: "stateful_coref_lease_expiry",
    category,
    domains: ["files"],
    turns: ["What's in my documents folder?", "When does the lease one run out?"],
    milestones: [
      goal("listed", "listed the lease", replyRegex("lease")),
      goal("read", "read the lease", called("files_read", { path: "documents/lease-2024.txt" }), ["listed"]),
      goal("told", "gave the end date", replyRegex("August 31|31 August|Aug\\.? 31|8/31"), ["read"]),
    ],
    minefields: [readOnly()],
    reference: [
      step(call("files_list", { path: "documents" })),
      say("Three files: lease-2024.txt, passwords-old.txt and resume.md."),
      step(call("files_read", { path: "documents/lease-2024.txt" })),
      say("The lease runs until August 31, 2025; notice to renew or leave is due by July 2."),
    ],
  },
  {
    id: "stateful_coref_two_of_the_first",
    category,
    domains: ["shop"],
    turns: ["Search the shop for water bottles.", "Add two of the first one to my cart."],
    milestones: [
      goal("listed", "named the insulated bottle", replyRegex("insulated|750")),
      goal("in-cart", "two insulated bottles in the cart", cartAdded("itm-5002", { quantity: 2 }), [
        "listed",
      ]),
    ],
    minefields: [
      mine(
        "other-item",
        "put another item in the cart",
        row("cart", "added", { item_id: { not: "itm-5002" } }),
      ),
      noOrder(),
    ],
    reference: [
      step(call("shop_search", { query: "water bottle" })),
      say(
        "1. Insulated Water Bottle 750 ml, $27.00 (4.7). 2. Travel Toiletry Bag, $22.00. 3. Sunscreen SPF 50, $14.00.",
      ),
      step(call("shop_cart_add", { item_id: "itm-5002", quantity: 2 })),
      say("Added two Insulated Water Bottles 750 ml to your cart."),
    ],
  },
  {
    id: "stateful_coref_invite_nora",
    category,
    domains: ["calendar", "contacts"],
    turns: ["When's the Q3 planning review?", "Add Nora to it as well."],
    milestones: [
      goal("told", "gave the time", replyRegex("\\b11\\b|tomorrow|June 3")),
      goal(
        "invited",
        "Nora joins the existing attendees",
        row(
          "events",
          "changed",
          {
            id: "evt-0009",
            attendees: [address.priya, address.samPatel, address.tom, address.marcus, address.nora],
          },
          ["attendees"],
        ),
        ["told"],
      ),
    ],
    minefields: [...otherEvents("evt-0009"), onlyTouches("events")],
    reference: [
      step(call("calendar_search_events", { query: "Q3 planning" })),
      say("Tomorrow, Tuesday June 3, 11:00-12:00 in Conference room B."),
      step(call("contacts_search", { query: "Nora" })),
      step(
        call("calendar_update_event", {
          event_id: "evt-0009",
          attendees: [address.priya, address.samPatel, address.tom, address.marcus, address.nora],
        }),
      ),
      say("Added Nora Kim to the Q3 planning review."),
    ],
  },
  {
    id: "stateful_coref_email_him",
    category,
    domains: ["contacts", "email", "files"],
    turns: ["Who's our design lead?", "Email him the onboarding research summary."],
    milestones: [
      goal("told", "named Sam Patel", replyRegex("Sam Patel")),
      goal(
        "sent",
        "the summary went to Sam Patel",
        mailAdded(address.samPatel, { body: regex("interview|pain point|sample data") }),
        ["told"],
      ),
    ],
    minefields: [wrongRecipient(address.samPatel), onlyTouches("emails")],
    reference: [
      step(call("contacts_search", { query: "design lead" })),
      say("Sam Patel is the design lead."),
      step(call("files_search", { query: "research", in: "name" })),
      step(call("files_read", { path: "projects/onboarding/research-summary.md" })),
      step(
        call("email_send", {
          to: [address.samPatel],
          subject: "Onboarding research summary",
          body: "Hi Sam,\n\nEight interviews in May. Main pain points: too many steps before the first dashboard (6 on average), unclear team invites, and no sample data.\n\nAlex",
        }),
      ),
      say("Sent Sam Patel the onboarding research summary."),
    ],
  },
  {
    id: "stateful_coref_swap_for_daypack",
    category,
    domains: ["shop"],
    turns: [
      "Put the Trailblazer running watch in my cart.",
      "Hmm, actually take it out and put the daypack in instead.",
    ],
    milestones: [
      goal("watch", "the watch went into the cart", cartAdded("itm-1011")),
      goal("daypack", "the daypack is in the cart", row("cart", "exists", { item_id: "itm-5001" }), [
        "watch",
      ]),
      goal("no-watch", "the watch is out again", row("cart", "missing", { item_id: "itm-1011" }), [
        "daypack",
      ]),
    ],
    minefields: [noOrder()],
    reference: [
      step(call("shop_search", { query: "Trailblazer running watch" })),
      step(call("shop_cart_add", { item_id: "itm-1011" })),
      say("Added the Trailblazer GPS Running Watch ($199.00) to your cart."),
      step(call("shop_cart_remove", { item_id: "itm-1011" }), call("shop_search", { query: "daypack" })),
      step(call("shop_cart_add", { item_id: "itm-5001" })),
      say("Took the watch out and added the Ultralight Daypack 22 L ($69.00)."),
    ],
  },
  {
    id: "stateful_coref_cancel_the_lunch",
    category,
    domains: ["calendar"],
    turns: ["What's on my calendar on the 18th?", "Cancel the lunch."],
    milestones: [
      goal("told", "mentioned lunch with Olivia", replyRegex("Olivia")),
      goal("removed", "lunch with Olivia is deleted", eventRemoved("evt-0034"), ["told"]),
    ],
    minefields: [...otherEvents("evt-0034"), onlyTouches("events")],
    reference: [
      step(call("calendar_list_events", { start: "2025-06-18", end: "2025-06-19" })),
      say("Wednesday, June 18: team standup at 9:30 and lunch with Olivia at Green Table, 12:30-1:30."),
      step(call("calendar_delete_event", { event_id: "evt-0034" })),
      say("Cancelled the lunch with Olivia."),
    ],
  },
  {
    id: "stateful_coref_send_the_risotto_one",
    category,
    domains: ["files", "email"],
    turns: ["Which recipes do I have saved?", "Send the risotto one to Jordan Lee."],
    milestones: [
      goal("listed", "listed the risotto recipe", replyRegex("risotto")),
      goal("read", "read the risotto recipe", called("files_read", { path: "recipes/mushroom-risotto.md" }), [
        "listed",
      ]),
      goal("sent", "the recipe went to Jordan", mailAdded(address.jordan, { body: regex("arborio") }), [
        "read",
      ]),
    ],
    minefields: [wrongRecipient(address.jordan), onlyTouches("emails")],
    reference: [
      step(call("files_list", { path: "recipes" })),
      say("Two: recipes/banana-bread.md (Mom's banana bread) and recipes/mushroom-risotto.md."),
      step(call("files_read", { path: "recipes/mushroom-risotto.md" })),
      step(
        call("email_send", {
          to: [address.jordan],
          subject: "Mushroom risotto recipe",
          body: "Hi Jordan, your risotto recipe: serves 2. 1 cup arborio, 4 cups warm stock, 250 g mixed mushrooms, 1 shallot, 1/2 cup white wine, parmesan, butter. Alex",
        }),
      ),
      say("Sent the mushroom risotto recipe to Jordan Lee."),
    ],
  },
  {
    id: "stateful_coref_halo_reviews",
    category,
    domains: ["shop", "web"],
    turns: ["How much is the Halo smart speaker in the shop?", "What do reviewers say about it?"],
    milestones: [
      goal("price", "gave the price", replyRegex("\\b49\\b")),
      goal("review", "gave the review score", replyRegex("7 ?/ ?10|7 out of 10|seven out of ten"), ["price"]),
    ],
    minefields: [readOnly()],
    reference: [
      step(call("shop_search", { query: "Halo smart speaker" })),
      say("The Halo Smart Speaker Mini is $49.00 (rated 4.0 in the shop)."),
      step(call("web_search", { query: "Halo Smart Speaker Mini review" })),
      step(call("web_fetch", { url: "https://www.gearcheck.example.com/reviews/halo-smart-speaker-mini" })),
      say("GearCheck gives it 7/10: good build and easy to clean, but wasteful packaging and few colours."),
    ],
  },
  {
    id: "stateful_coref_reply_to_him",
    category,
    domains: ["email"],
    turns: ["Did Chris email me about something?", "Reply to him that I'm in for half."],
    milestones: [
      goal("told", "said what Chris wrote about", replyRegex("watch|dad|birthday")),
      goal("replied", "replied to Chris's email", mailAdded(address.chris, { in_reply_to: "msg-0018" }), [
        "told",
      ]),
    ],
    minefields: [wrongRecipient(address.chris), onlyTouches("emails")],
    reference: [
      step(call("email_search", { from: "chris" })),
      say(
        "Yes: Chris suggested splitting a Trailblazer GPS running watch (about $200) for Dad's 65th in July.",
      ),
      step(call("email_reply", { message_id: "msg-0018", body: "I'm in for half! Alex" })),
      say("Replied to Chris that you're in for half."),
    ],
  },
  {
    id: "stateful_coref_that_file",
    category,
    domains: ["files"],
    turns: [
      "Create a file notes/gift-ideas.md with 'GPS watch for Dad' in it.",
      "Also add 'cookbook for Jordan' to that file.",
    ],
    milestones: [
      goal("created", "the file was created", file("notes/gift-ideas.md", "added", contains("GPS watch"))),
      goal(
        "appended",
        "the file holds both ideas",
        file("notes/gift-ideas.md", "added", regex("GPS watch[\\s\\S]*cookbook|cookbook[\\s\\S]*GPS watch")),
        ["created"],
      ),
    ],
    minefields: [
      mine("ideas", "changed notes/ideas.md instead", file("notes/ideas.md", "changed")),
      onlyTouches("files"),
    ],
    reference: [
      step(call("files_write", { path: "notes/gift-ideas.md", content: "- GPS watch for Dad\n" })),
      say("Created notes/gift-ideas.md."),
      step(
        call("files_write", {
          path: "notes/gift-ideas.md",
          content: "- Cookbook for Jordan\n",
          if_exists: "append",
        }),
      ),
      say("Added 'cookbook for Jordan' to notes/gift-ideas.md."),
    ],
  },
  {
    id: "stateful_coref_make_that",
    category,
    domains: ["settings"],
    turns: ["Set an alarm for 6 tomorrow morning, label it Airport.", "Make that 5:40 instead."],
    milestones: [
      goal("set", "an alarm at 06:00", row("alarms", "added", { time: "06:00" })),
      goal("changed", "the alarm is at 05:40", row("alarms", "added", { time: "05:40" }), ["set"]),
      goal("no-six", "no alarm is left at 06:00", row("alarms", "missing", { time: "06:00" }), ["changed"]),
    ],
    minefields: [
      mine(
        "old-alarm",
        "changed a seeded alarm",
        row("alarms", "changed", { id: { anyOf: ["alarm-0001", "alarm-0002", "alarm-0003"] } }),
      ),
      mine("removed", "deleted a seeded alarm", row("alarms", "removed")),
    ],
    reference: [
      step(call("settings_create_alarm", { time: "06:00", label: "Airport" })),
      say("Alarm 'Airport' set for 6:00 tomorrow."),
      step(call("settings_update_alarm", { alarm_id: "alarm-0004", time: "05:40" })),
      say("Changed it to 5:40."),
    ],
  },
  {
    id: "stateful_coref_ana_day_before",
    category,
    domains: ["calendar"],
    turns: ["When's my dinner with Ana?", "Add a reminder the day before at 6 pm Lisbon time to confirm it."],
    milestones: [
      goal("told", "gave the dinner date", replyRegex("June 21|21 June|Jun\\.? 21|Saturday")),
      goal(
        "reminder",
        "a reminder at 18:00 Lisbon time on June 20",
        eventAdded({ start_utc: lisbon("2025-06-20T18:00") }),
        ["told"],
      ),
    ],
    minefields: [
      mine(
        "misread",
        "put the reminder at 6 pm New York time",
        eventAdded({ start_utc: ny("2025-06-20T18:00") }),
      ),
      ...otherEvents(),
    ],
    reference: [
      step(call("calendar_search_events", { query: "Ana" })),
      say("Dinner with Ana is on Saturday, June 21 at 20:00 Lisbon time, at Taberna da Rua in Alfama."),
      step(
        call("calendar_create_event", {
          title: "Confirm dinner with Ana",
          start: "2025-06-20T18:00",
          time_zone: "Europe/Lisbon",
        }),
      ),
      say("Added 'Confirm dinner with Ana' on Friday, June 20 at 6:00 pm Lisbon time."),
    ],
  },
  {
    id: "stateful_coref_same_notebook",
    category,
    domains: ["shop"],
    turns: ["What was in the order that got delivered in May?", "Order that notebook again, just one."],
    milestones: [
      goal("told", "named the notebook", replyRegex("notebook")),
      goal("ordered", "ordered the notebook", orderAdded("itm-6001"), ["told"]),
    ],
    minefields: [
      mine(
        "other-item",
        "ordered something else",
        row("orders", "added", { items: { not: contains('"itm-6001"') } }),
      ),
      mine("two", "ordered two notebooks", row("cart", "added", { quantity: { not: 1 } })),
    ],
    reference: [
      step(call("shop_order_status", {})),
      say(
        "Order ord-0001, delivered in May: two A5 Dotted Notebooks and a pack of Gel Pens (12 colours), $36.99.",
      ),
      step(call("shop_cart_add", { item_id: "itm-6001" })),
      step(call("shop_checkout", {})),
      say("Ordered one A5 Dotted Notebook ($13.50) with your default Visa."),
    ],
  },
  {
    id: "stateful_coref_restaurant_to_kevin",
    category,
    domains: ["calendar", "email", "contacts"],
    turns: [
      "Where's the restaurant for my dinner with Jordan?",
      "Email the address to Kevin, he wants to try the place.",
    ],
    milestones: [
      goal("told", "gave the address", replyRegex("14 Harbor")),
      goal("sent", "Kevin got the address", mailAdded(address.kevin, { body: regex("14 Harbor") }), ["told"]),
    ],
    minefields: [wrongRecipient(address.kevin), onlyTouches("emails")],
    reference: [
      step(call("calendar_search_events", { query: "Jordan dinner" })),
      say("Osteria Lupa, 14 Harbor Street (Friday, June 6 at 7:30 pm)."),
      step(call("contacts_search", { query: "Kevin" })),
      step(
        call("email_send", {
          to: [address.kevin],
          subject: "Osteria Lupa",
          body: "Hi Kevin, the place is Osteria Lupa, 14 Harbor Street. Alex",
        }),
      ),
      say("Emailed Kevin the address: Osteria Lupa, 14 Harbor Street."),
    ],
  },
  {
    id: "stateful_coref_save_review",
    category,
    domains: ["web", "files"],
    turns: ["Find a review of the Aurora X2 Pro earbuds.", "Save a short summary of it to notes/earbuds.md."],
    milestones: [
      goal("told", "gave the review score", replyRegex("8 ?/ ?10|8 out of 10|eight out of ten")),
      goal(
        "saved",
        "the summary is saved",
        file("notes/earbuds.md", "added", regex("8 ?/ ?10|noise|multipoint")),
        ["told"],
      ),
    ],
    minefields: [onlyTouches("files")],
    reference: [
      step(call("web_search", { query: "Aurora X2 Pro Wireless Earbuds review" })),
      step(
        call("web_fetch", {
          url: "https://www.gearcheck.example.com/reviews/aurora-x2-pro-wireless-earbuds",
        }),
      ),
      say(
        "GearCheck gives the Aurora X2 Pro 8/10: adaptive noise cancelling, wireless charging and multipoint Bluetooth; good value, few colours.",
      ),
      step(
        call("files_write", {
          path: "notes/earbuds.md",
          content:
            "# Aurora X2 Pro earbuds (GearCheck, 8/10)\n\n- Adaptive noise cancelling, wireless charging, multipoint Bluetooth 5.3\n- Good value; limited colours, wasteful packaging\n",
        }),
      ),
      say("Saved the summary to notes/earbuds.md."),
    ],
  },
  {
    id: "stateful_coref_delete_second_alarm",
    category,
    domains: ["settings"],
    turns: ["List my alarms.", "Delete the second one."],
    milestones: [
      goal("listed", "listed the alarms", replyRegex("6:45|06:45")),
      goal("removed", "the Weekend run alarm is deleted", row("alarms", "removed", { id: "alarm-0002" }), [
        "listed",
      ]),
    ],
    minefields: [
      mine("wrong-alarm", "deleted another alarm", row("alarms", "removed", { id: { not: "alarm-0002" } })),
      mine("changed", "changed an alarm", row("alarms", "changed")),
    ],
    reference: [
      step(call("settings_list_alarms", {})),
      say(
        "1. 6:45 'Wake up', weekdays (on). 2. 7:30 'Weekend run', Saturdays (on). 3. 8:30 'Sleep in', Sundays (off).",
      ),
      step(call("settings_delete_alarm", { alarm_id: "alarm-0002" })),
      say("Deleted the 7:30 'Weekend run' alarm."),
    ],
  },
  {
    id: "stateful_coref_email_them",
    category,
    domains: ["contacts", "email"],
    turns: ["Who's my dentist?", "Email them asking if I can move my cleaning to the afternoon."],
    milestones: [
      goal("told", "named the dentist", replyRegex("Okafor|Riverton Dental")),
      goal("sent", "the dentist's office got the email", mailAdded(address.dentist), ["told"]),
    ],
    minefields: [wrongRecipient(address.dentist), onlyTouches("emails")],
    reference: [
      step(call("contacts_search", { query: "dentist" })),
      say("Dr. Helen Okafor at Riverton Dental, 22 Elm Street (frontdesk@riverton-dental.example.com)."),
      step(
        call("email_send", {
          to: [address.dentist],
          subject: "Moving my cleaning to the afternoon",
          body: "Hello, could I move my cleaning on June 12 to the afternoon? Thank you, Alex Morgan",
        }),
      ),
      say("Emailed Riverton Dental asking to move your cleaning to the afternoon."),
    ],
  },
  {
    id: "stateful_coref_friday_of_that_week",
    category,
    domains: ["calendar"],
    turns: ["Do I have anything planned with Olivia?", "Move it to the Friday of that week, same time."],
    milestones: [
      goal(
        "told",
        "named the lunch on June 18",
        replyRegex("June 18|18 June|Jun\\.? 18|Wednesday|Green Table"),
      ),
      goal(
        "moved",
        "the lunch is on Friday June 20 at 12:30",
        eventMoved("evt-0034", ny("2025-06-20T12:30")),
        ["told"],
      ),
    ],
    minefields: [...otherEvents("evt-0034"), onlyTouches("events")],
    reference: [
      step(call("calendar_search_events", { query: "Olivia" })),
      say("Lunch with Olivia on Wednesday, June 18, 12:30-1:30 at Green Table."),
      step(call("calendar_update_event", { event_id: "evt-0034", start: "2025-06-20T12:30" })),
      say("Moved the lunch to Friday, June 20, 12:30-1:30."),
    ],
  },
];
