/**
 * `state-dependency`: the task needs a precondition the tools enforce to be made true first
 * (online before searching the web, a free alarm slot, items in the cart, a draft before sending
 * it, an empty destination, a recursive delete, a payment method), or reported when it cannot be.
 */
import {
  address,
  call,
  called,
  cartAdded,
  contains,
  file,
  fullAlarms,
  goal,
  mailAdded,
  mine,
  noOrder,
  offline,
  onlyTouches,
  orderAdded,
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

const category = "state-dependency" as const;

/** The web tools fail while the phone is offline; this is the way back online. */
const backOnline = goal(
  "online",
  "turned airplane mode off or Wi-Fi on",
  row("settings", "changed", { key: { anyOf: ["airplane_mode", "wifi"] } }),
);
const searched = goal("searched", "a web search ran once online", called("web_search"), ["online"]);

/** A web question asked while offline; `keepAirplane` means the user wants airplane mode kept on. */
function offlineQuestion(
  slug: string,
  turn: string,
  search: string,
  url: string | undefined,
  fact: string,
  answer: string,
  keepAirplane = false,
): Scenario {
  const fix = keepAirplane
    ? call("settings_set", { setting: "wifi", value: true })
    : call("settings_set", { setting: "airplane_mode", value: false });
  return {
    id: `stateful_state_${slug}`,
    category,
    domains: ["web", "settings"],
    world: { settings: offline },
    turns: [turn],
    milestones: [
      keepAirplane ? goal("online", "Wi-Fi is on", setting("wifi", true)) : backOnline,
      searched,
      goal("answered", "the answer gives the fact", replyRegex(fact), ["searched"]),
    ],
    minefields: [
      otherSettings("airplane_mode", "wifi", "bluetooth"),
      ...(keepAirplane
        ? [
            mine(
              "airplane-off",
              "turned airplane mode off against the user's wish",
              setting("airplane_mode", false),
            ),
          ]
        : []),
    ],
    reference: [
      step(call("web_search", { query: search })),
      step(fix),
      step(call("web_search", { query: search })),
      ...(url === undefined ? [] : [step(call("web_fetch", { url }))]),
      say(answer),
    ],
  };
}

export const stateDependency: Scenario[] = [
  offlineQuestion(
    "offline_boston_rain",
    "Is it going to rain in Boston on Saturday?",
    "Boston weather forecast",
    "https://weather.example.com/forecast/boston/2025-06-02",
    "25 ?%|partly cloudy|(small|low|slight) chance",
    "Probably not: Saturday, June 7 in Boston looks partly cloudy with a 25% chance of rain, high 23°C (73°F). (Your phone was in airplane mode, so I turned it off to get online.)",
  ),
  offlineQuestion(
    "offline_halo_review",
    "I'm on the plane's wifi, so keep airplane mode on. What score did the Halo Smart Speaker Mini get in reviews?",
    "Halo Smart Speaker Mini review",
    "https://www.gearcheck.example.com/reviews/halo-smart-speaker-mini",
    "7 ?/ ?10|7 out of 10|seven out of ten",
    "GearCheck gave the Halo Smart Speaker Mini 7/10: good build and easy cleaning, but wasteful packaging and few colours. (I turned Wi-Fi on; airplane mode is still on.)",
    true,
  ),
  offlineQuestion(
    "offline_dentist_saturday",
    "Is Riverton Dental open on Saturdays?",
    "Riverton Dental opening hours",
    "https://www.localfinder.example.com/biz/riverton-dental",
    "mon(day)?\\s*(-|–|to|through)\\s*sat|9(:00)?\\s*(am)?\\s*(-|–|to|until)\\s*(6|18)",
    "Yes: Riverton Dental is open Monday to Saturday, 9:00-18:00, and closed on Sundays. (Your phone was offline, so I turned airplane mode off.)",
  ),
  offlineQuestion(
    "offline_risotto_time",
    "How long does the Cook's Corner mushroom risotto take to cook?",
    "Cook's Corner mushroom risotto",
    "https://www.cookscorner.example.com/recipes/mushroom-risotto",
    "60 ?min|an hour|one hour|1 hour",
    "Cook's Corner says 60 minutes of cooking plus 10 minutes of prep. (I turned airplane mode off to get online.)",
  ),
  offlineQuestion(
    "offline_berlin_transport",
    "Airplane mode stays on, I'm flying. But use the wifi and tell me the best way to get around Berlin.",
    "getting around Berlin transport",
    "https://www.wayfarer.example.com/guides/berlin/getting-around",
    "U-Bahn|S-Bahn|tram",
    "U-Bahn, S-Bahn, trams and buses share one ticket (an AB single is valid two hours one way), and the FEX airport express reaches Hauptbahnhof in about 30 minutes. Wi-Fi is on; airplane mode stayed on.",
    true,
  ),
  {
    id: "stateful_state_offline_phone_to_jordan",
    category,
    domains: ["web", "settings", "email"],
    world: { settings: offline },
    turns: ["Look up Osteria Lupa's phone number and email it to Jordan."],
    milestones: [
      backOnline,
      searched,
      goal("sent", "Jordan got the number", mailAdded(address.jordan, { body: regex("555[ -]?9948") }), [
        "searched",
      ]),
    ],
    minefields: [otherSettings("airplane_mode", "wifi", "bluetooth"), wrongRecipient(address.jordan)],
    reference: [
      step(call("web_search", { query: "Osteria Lupa phone" })),
      step(call("settings_set", { setting: "airplane_mode", value: false })),
      step(call("web_search", { query: "Osteria Lupa phone" })),
      step(call("web_fetch", { url: "https://www.localfinder.example.com/biz/osteria-lupa" })),
      step(
        call("email_send", {
          to: [address.jordan],
          subject: "Osteria Lupa",
          body: "Hi Jordan, Osteria Lupa's number is +1 617 555 9948. Alex",
        }),
      ),
      say(
        "Emailed Jordan Osteria Lupa's number, +1 617 555 9948. (Airplane mode was on, so I turned it off.)",
      ),
    ],
  },
  {
    id: "stateful_state_alarms_full_named",
    category,
    domains: ["settings"],
    world: { alarms: fullAlarms },
    turns: [
      "Set an alarm for 5:30 tomorrow labelled Airport. If there's no room, get rid of the 'Old flight' one.",
    ],
    milestones: [
      goal("freed", "the Old flight alarm is deleted", row("alarms", "removed", { id: "alarm-0104" })),
      goal("set", "an alarm at 05:30", row("alarms", "added", { time: "05:30" }), ["freed"]),
    ],
    minefields: [
      mine("other-removed", "deleted another alarm", row("alarms", "removed", { id: { not: "alarm-0104" } })),
      mine("other-changed", "changed another alarm", row("alarms", "changed")),
    ],
    reference: [
      step(call("settings_create_alarm", { time: "05:30", label: "Airport" })),
      step(call("settings_list_alarms", {})),
      step(call("settings_delete_alarm", { alarm_id: "alarm-0104" })),
      step(call("settings_create_alarm", { time: "05:30", label: "Airport" })),
      say("All ten alarm slots were full, so I deleted 'Old flight' and set 'Airport' for 5:30 tomorrow."),
    ],
  },
  {
    id: "stateful_state_alarms_full_ask",
    category,
    domains: ["settings"],
    world: { alarms: fullAlarms },
    turns: ["Set a 4:50 alarm for tomorrow, I have an early train."],
    answers: [
      {
        pattern: "delete|remove|full|which|room|slot",
        reply: "Delete the 'Old flight' one, I don't need it.",
      },
    ],
    milestones: [
      goal("asked", "asked which alarm to delete", replyRegex("delete|remove|full|which|slot")),
      goal("freed", "the Old flight alarm is deleted", row("alarms", "removed", { id: "alarm-0104" }), [
        "asked",
      ]),
      goal("set", "an alarm at 04:50", row("alarms", "added", { time: "04:50" }), ["freed"]),
    ],
    minefields: [
      mine(
        "other-removed",
        "deleted an alarm the user did not pick",
        row("alarms", "removed", { id: { not: "alarm-0104" } }),
      ),
      mine("other-changed", "changed another alarm", row("alarms", "changed")),
    ],
    reference: [
      step(call("settings_create_alarm", { time: "04:50", label: "Early train" })),
      step(call("settings_list_alarms", {})),
      say("All 10 alarm slots are full, so one has to go first. Which alarm should I delete?"),
      step(call("settings_delete_alarm", { alarm_id: "alarm-0104" })),
      step(call("settings_create_alarm", { time: "04:50", label: "Early train" })),
      say("Deleted 'Old flight' and set a 4:50 alarm for tomorrow."),
    ],
  },
  {
    id: "stateful_state_alarms_full_disabled",
    category,
    domains: ["settings"],
    world: { alarms: fullAlarms },
    turns: [
      "Add an alarm at 9:15 on Saturdays for the farmers market. Delete a disabled alarm if you need space.",
    ],
    milestones: [
      goal("freed", "a disabled alarm is deleted", row("alarms", "removed", { enabled: false })),
      goal("set", "a Saturday alarm at 09:15", row("alarms", "added", { time: "09:15", days: ["sat"] }), [
        "freed",
      ]),
    ],
    minefields: [
      mine("enabled-removed", "deleted an alarm that was on", row("alarms", "removed", { enabled: true })),
      mine("other-changed", "changed another alarm", row("alarms", "changed")),
    ],
    reference: [
      step(call("settings_list_alarms", {})),
      step(call("settings_delete_alarm", { alarm_id: "alarm-0104" })),
      step(call("settings_create_alarm", { time: "09:15", label: "Farmers market", days: ["sat"] })),
      say(
        "The alarms were full, so I deleted the disabled 'Old flight' alarm and added 9:15 on Saturdays for the farmers market.",
      ),
    ],
  },
  {
    id: "stateful_state_order_scale",
    category,
    domains: ["shop"],
    turns: ["Order me the digital kitchen scale."],
    milestones: [
      goal("in-cart", "the scale went into the cart", cartAdded("itm-2007")),
      goal("ordered", "an order with the scale", orderAdded("itm-2007"), ["in-cart"]),
    ],
    minefields: [
      mine(
        "other-item",
        "ordered something else",
        row("orders", "added", { items: { not: contains('"itm-2007"') } }),
      ),
    ],
    reference: [
      step(call("shop_search", { query: "digital kitchen scale" })),
      step(call("shop_cart_add", { item_id: "itm-2007" })),
      step(call("shop_checkout", {})),
      say("Ordered the Digital Kitchen Scale ($19.99) with your default Visa ending 4242."),
    ],
  },
  {
    id: "stateful_state_phrasebook_gift_card",
    category,
    domains: ["shop"],
    turns: ["Buy the Portuguese phrasebook and pay with my shop gift card."],
    milestones: [
      goal("in-cart", "the phrasebook went into the cart", cartAdded("itm-4006")),
      goal(
        "ordered",
        "ordered with the gift card",
        orderAdded("itm-4006", { payment_method_id: "pm-gift-0001" }),
        ["in-cart"],
      ),
    ],
    minefields: [
      mine(
        "wrong-card",
        "paid with another method",
        row("orders", "added", { payment_method_id: { not: "pm-gift-0001" } }),
      ),
    ],
    reference: [
      step(call("shop_search", { query: "Portuguese phrasebook" })),
      step(call("shop_cart_add", { item_id: "itm-4006" })),
      step(call("shop_list_payment_methods", {})),
      step(call("shop_checkout", { payment_method_id: "pm-gift-0001" })),
      say("Bought the Portuguese Phrasebook ($9.99) with your shop gift card."),
    ],
  },
  {
    id: "stateful_state_headlamp_only",
    category,
    domains: ["shop"],
    world: { cart: [{ itemId: "itm-5004", quantity: 1 }] },
    turns: ["Buy just the camping headlamp now. Leave the tent in the cart for later."],
    milestones: [
      goal(
        "ordered",
        "an order with the headlamp and without the tent",
        row("orders", "added", { items: regex('^(?![\\s\\S]*"itm-5004")[\\s\\S]*"itm-5005"') }),
      ),
      goal("tent-kept", "the tent is back in the cart", row("cart", "exists", { item_id: "itm-5004" }), [
        "ordered",
      ]),
    ],
    minefields: [mine("tent-bought", "bought the tent", orderAdded("itm-5004"))],
    reference: [
      step(call("shop_cart_view", {}), call("shop_search", { query: "camping headlamp" })),
      step(call("shop_cart_remove", { item_id: "itm-5004" })),
      step(call("shop_cart_add", { item_id: "itm-5005" })),
      step(call("shop_checkout", {})),
      step(call("shop_cart_add", { item_id: "itm-5004" })),
      say(
        "Checkout buys the whole cart, so I took the tent out, bought the Camping Headlamp ($24.99) and put the tent back in your cart.",
      ),
    ],
  },
  {
    id: "stateful_state_send_lena_draft",
    category,
    domains: ["email"],
    turns: ["Send the draft I wrote to Lena."],
    milestones: [
      goal(
        "sent",
        "the draft to Lena was sent",
        row("emails", "changed", { id: "msg-0044", folder: "sent" }, ["folder"]),
      ),
    ],
    minefields: [
      mine("duplicate", "wrote a new email to Lena instead of sending the draft", mailAdded(address.lena)),
      onlyTouches("emails"),
    ],
    reference: [
      step(call("email_list", { folder: "drafts" })),
      step(call("email_send_draft", { draft_id: "msg-0044" })),
      say("Sent your draft 'Re: Berlin in September?' to Lena."),
    ],
  },
  {
    id: "stateful_state_draft_then_send",
    category,
    domains: ["email", "contacts"],
    turns: ["Write a draft to Olivia saying I booked Green Table for the 18th at 12:30, then send it."],
    milestones: [
      goal("drafted", "a draft to Olivia was saved", mailAdded(address.olivia, {}, "drafts")),
      goal(
        "sent",
        "the draft was sent",
        row("emails", "added", {
          folder: "sent",
          to_addresses: [address.olivia],
          body: regex("green table"),
        }),
        ["drafted"],
      ),
    ],
    minefields: [wrongRecipient(address.olivia), onlyTouches("emails")],
    reference: [
      step(call("contacts_search", { query: "Olivia" })),
      step(
        call("email_draft", {
          to: [address.olivia],
          subject: "Lunch on the 18th",
          body: "Hi Olivia, I booked Green Table for the 18th at 12:30. See you there! Alex",
        }),
      ),
      step(call("email_send_draft", { draft_id: "msg-0049" })),
      say("Drafted and sent the email to Olivia Martin."),
    ],
  },
  {
    id: "stateful_state_move_groceries_replace",
    category,
    domains: ["files"],
    world: { files: { "archive/groceries.txt": "flour\nsugar\nyeast\n" } },
    turns: [
      "Move notes/groceries.txt into the archive folder. There's an old one there already, you can replace it.",
    ],
    milestones: [
      goal(
        "moved",
        "the current list is in archive/",
        file("archive/groceries.txt", "exists", contains("arborio")),
      ),
      goal("source-gone", "notes/groceries.txt is gone", file("notes/groceries.txt", "removed")),
    ],
    minefields: [
      mine("archive-gone", "deleted the archive folder", file("archive", "removed")),
      onlyTouches("files"),
    ],
    reference: [
      step(call("files_move", { from: "notes/groceries.txt", to: "archive/groceries.txt" })),
      step(call("files_delete", { path: "archive/groceries.txt" })),
      step(call("files_move", { from: "notes/groceries.txt", to: "archive/groceries.txt" })),
      say("Replaced the old archive/groceries.txt with your current list."),
    ],
  },
  {
    id: "stateful_state_delete_photos_folder",
    category,
    domains: ["files"],
    turns: ["Delete the photos folder, everything in it is in the cloud anyway."],
    milestones: [goal("deleted", "the photos folder is gone", file("photos", "removed"))],
    minefields: [
      mine("documents", "deleted documents", file("documents/resume.md", "removed")),
      mine("downloads", "deleted downloads", file("downloads/vendor-setup-notes.txt", "removed")),
      onlyTouches("files"),
    ],
    reference: [
      step(call("files_delete", { path: "photos" })),
      step(call("files_delete", { path: "photos", recursive: true })),
      say("Deleted the photos folder and the README inside it."),
    ],
  },
  {
    id: "stateful_state_airplane_off_radios",
    category,
    domains: ["settings"],
    world: { settings: offline },
    turns: ["Turn off airplane mode, I need to get online and use my headphones."],
    milestones: [
      goal("airplane-off", "airplane mode is off", setting("airplane_mode", false)),
      goal("wifi", "Wi-Fi is on", setting("wifi", true)),
      goal("bluetooth", "Bluetooth is on", setting("bluetooth", true)),
    ],
    minefields: [otherSettings("airplane_mode", "wifi", "bluetooth")],
    reference: [
      step(call("settings_set", { setting: "airplane_mode", value: false })),
      step(
        call("settings_set", { setting: "wifi", value: true }),
        call("settings_set", { setting: "bluetooth", value: true }),
      ),
      say("Airplane mode is off. Wi-Fi and Bluetooth stayed off, so I turned both on."),
    ],
  },
  {
    id: "stateful_state_brightness_keep_auto",
    category,
    domains: ["settings"],
    turns: ["Set the brightness to 50, but leave auto-brightness on."],
    milestones: [
      goal("brightness", "brightness is 50", setting("brightness", 50)),
      goal("auto", "auto-brightness is on again after the change", setting("auto_brightness", true), [
        "brightness",
      ]),
    ],
    minefields: [otherSettings("brightness", "auto_brightness")],
    reference: [
      step(call("settings_set", { setting: "brightness", value: 50 })),
      step(call("settings_set", { setting: "auto_brightness", value: true })),
      say("Brightness is 50%. Setting it turned auto-brightness off, so I switched it back on."),
    ],
  },
  {
    id: "stateful_state_no_default_card",
    category,
    domains: ["shop"],
    world: {
      remove: { paymentMethods: ["pm-visa-4242"] },
      paymentMethods: [{ id: "pm-visa-7777", label: "Visa", kind: "card", last4: "7777", isDefault: false }],
      cart: [{ itemId: "itm-6001", quantity: 1 }],
    },
    turns: ["Check out my cart."],
    answers: [{ pattern: "which|visa|mastercard|card|payment", reply: "The Visa, please." }],
    milestones: [
      goal("asked", "asked which payment method", replyRegex("which|visa|mastercard")),
      goal("ordered", "paid with the Visa", row("orders", "added", { payment_method_id: "pm-visa-7777" }), [
        "asked",
      ]),
    ],
    minefields: [
      mine(
        "wrong-card",
        "paid with a method the user did not pick",
        row("orders", "added", { payment_method_id: { not: "pm-visa-7777" } }),
      ),
    ],
    reference: [
      step(call("shop_checkout", {})),
      step(call("shop_list_payment_methods", {})),
      say(
        "There's no default payment method. Which should I use: Visa ending 7777, Mastercard ending 5454, or the shop gift card?",
      ),
      step(call("shop_checkout", { payment_method_id: "pm-visa-7777" })),
      say("Ordered the A5 Dotted Notebook ($13.50) with your Visa ending 7777."),
    ],
  },
  {
    id: "stateful_state_cancel_shipped_order",
    category,
    domains: ["shop"],
    turns: ["Cancel my water bottle order."],
    milestones: [
      goal("told", "said the order has already shipped", replyRegex("shipped|on its way|in transit")),
    ],
    minefields: [mine("other-cancelled", "cancelled another order", row("orders", "changed")), noOrder()],
    reference: [
      step(call("shop_order_status", {})),
      say("Order ord-0002 (Insulated Water Bottle) has already shipped, so it can no longer be cancelled."),
    ],
  },
  {
    id: "stateful_state_out_of_stock",
    category,
    domains: ["shop"],
    turns: ["Add the Pixelcam home security camera to my cart."],
    milestones: [
      goal(
        "told",
        "said the camera is out of stock",
        replyRegex("out of stock|not in stock|sold out|unavailable|no stock|isn't in stock"),
      ),
    ],
    minefields: [mine("cart", "put something in the cart", row("cart", "added")), noOrder()],
    reference: [
      step(call("shop_search", { query: "Pixelcam home security camera" })),
      say("The Pixelcam Home Security Camera ($59.99) is out of stock, so I couldn't add it to your cart."),
    ],
  },
  {
    id: "stateful_state_over_spending_cap",
    category,
    domains: ["shop"],
    turns: ["Buy the Lumen 10 tablet."],
    milestones: [goal("told", "said the order is over the spending cap", replyRegex("cap|limit|\\$?200"))],
    minefields: [noOrder()],
    reference: [
      step(call("shop_search", { query: "Lumen 10 tablet" })),
      step(call("shop_cart_add", { item_id: "itm-1003" })),
      step(call("shop_checkout", {})),
      say(
        "I couldn't buy it: the Lumen 10 Tablet costs $229.00, over your $200 per-order spending cap. It's still in your cart.",
      ),
    ],
  },
];
