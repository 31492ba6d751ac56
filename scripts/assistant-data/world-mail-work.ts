/**
 * The first half of the default mailbox: work threads, the Lisbon trip, family.
 */
import { alex, ana, jordan, mail, marcus, me, mom, nora, priya, sam, tom } from "./world-mail-builder.js";

/** Adds these messages, in order. */
export function addWorkAndTravelMail(): void {
  // Offsite thread (thr-offsite): planning with Nora, Priya and Alex.
  const offsite1 = mail(
    "thr-offsite",
    nora,
    [me, "sam.patel@northwind.example.com", "tom.becker@northwind.example.com"],
    "Team offsite on June 13: agenda and dietary needs",
    "05-27T10:12",
    "Hi all,\n\nThe offsite is confirmed for Friday June 13 at Lakeview Lodge in Concord. The bus leaves the office at 8:15 and we'll be back around 6.\n\nDraft agenda:\n- 9:30 Q3 priorities (Priya)\n- 11:00 Design system retro (Sam)\n- 13:30 Data platform roadmap (Tom)\n- 15:00 Hike or kayaking\n\nPlease reply by Friday with any dietary needs.\n\nThanks,\nNora",
    { cc: ["priya.shah@northwind.example.com"] },
  );
  const offsite2 = mail(
    "thr-offsite",
    alex,
    ["nora.kim@northwind.example.com"],
    "Re: Team offsite on June 13: agenda and dietary needs",
    "05-27T11:40",
    "Hi Nora,\n\nNo dietary restrictions for me. I'd vote for kayaking!\n\nAlex",
    { replyTo: offsite1 },
  );
  const offsite3 = mail(
    "thr-offsite",
    priya,
    ["nora.kim@northwind.example.com", me],
    "Re: Team offsite on June 13: agenda and dietary needs",
    "05-28T09:05",
    "Thanks Nora. Alex, can you present the Q3 plan draft in my 9:30 slot? 15 minutes is plenty.\n\nPriya",
    { replyTo: offsite2 },
  );
  mail(
    "thr-offsite",
    nora,
    [
      me,
      "sam.patel@northwind.example.com",
      "tom.becker@northwind.example.com",
      "priya.shah@northwind.example.com",
    ],
    "Re: Team offsite on June 13: agenda and dietary needs",
    "05-30T16:20",
    "Final headcount is 14. Kayaks are booked for 15:00 (life jackets provided). Bring a change of clothes.\n\nNora",
    { replyTo: offsite3, unread: true },
  );
  // Dinner plans with Jordan.
  const dinner1 = mail(
    "thr-dinner",
    jordan,
    [me],
    "Dinner Friday?",
    "05-29T19:02",
    "Hey! Are you free Friday the 6th? I was thinking Osteria Lupa on Harbor Street around 7:30. They have a great mushroom risotto.",
  );
  const dinner2 = mail(
    "thr-dinner",
    alex,
    ["jordan.lee@example.net"],
    "Re: Dinner Friday?",
    "05-29T20:15",
    "Yes! 7:30 at Osteria Lupa works. I'll book a table for two.",
    { replyTo: dinner1 },
  );
  mail(
    "thr-dinner",
    jordan,
    [me],
    "Re: Dinner Friday?",
    "05-30T08:44",
    "Perfect. Also, the party on the 14th starts at 5, bring nothing but yourself :)",
    { replyTo: dinner2, unread: true },
  );
  // Q3 plan with Priya and Marcus.
  const plan1 = mail(
    "thr-q3",
    priya,
    [me],
    "Q3 plan draft",
    "05-26T14:30",
    "Alex, please share the Q3 plan draft by Monday June 2 so Marcus can check the budget numbers before the review on June 3.\n\nPriya",
  );
  const plan2 = mail(
    "thr-q3",
    alex,
    ["priya.shah@northwind.example.com"],
    "Re: Q3 plan draft",
    "05-30T17:55",
    "Will do. The draft is in projects/q3-plan.md; I'll send it to Marcus on Monday morning.",
    { replyTo: plan1 },
  );
  mail(
    "thr-q3",
    marcus,
    [me],
    "Re: Q3 plan draft",
    "06-02T07:50",
    "Morning Alex, whenever the Q3 draft is ready just send it over. I need the headcount and the tooling budget lines in particular.\n\nMarcus",
    { replyTo: plan2, unread: true, cc: ["priya.shah@northwind.example.com"] },
  );
  // Lisbon trip.
  const lisbon1 = mail(
    "thr-lisbon",
    ana,
    [me],
    "Lisbon in June!",
    "05-22T13:11",
    "Alex! So happy you're coming. Saturday the 21st for dinner? I know a tiny place in Alfama, Taberna da Rua. Also, if you want, we can go to Sintra on Monday the 23rd, take the 9:00 train from Rossio.\n\nBeijinhos,\nAna",
  );
  const lisbon2 = mail(
    "thr-lisbon",
    alex,
    ["ana.costa@example.pt"],
    "Re: Lisbon in June!",
    "05-22T18:40",
    "Saturday dinner sounds perfect, and yes to Sintra! I land on the 20th in the morning.",
    { replyTo: lisbon1 },
  );
  mail(
    "thr-lisbon",
    ana,
    [me],
    "Re: Lisbon in June!",
    "05-31T10:03",
    "Booked Taberna da Rua for 20:00 on the 21st. It gets hot in June, bring sunscreen and comfortable shoes for the hills!",
    { replyTo: lisbon2 },
  );
  mail(
    "thr-flight",
    ["TAP Air Portugal", "booking@flytap.example.com"],
    [me],
    "Your booking K7QX2P is confirmed",
    "05-20T09:15",
    "Booking reference: K7QX2P\n\nOutbound: TP 218, Boston (BOS) 19 June 21:40 -> Lisbon (LIS) 20 June 09:25. Seat 23A.\nReturn: TP 217, Lisbon (LIS) 27 June 12:10 -> Boston (BOS) 27 June 14:45.\n\nOnline check-in opens 36 hours before departure.",
    { attachments: ["itinerary-K7QX2P.pdf"] },
  );
  mail(
    "thr-hotel",
    ["Casa do Largo", "reservas@casadolargo.example.pt"],
    [me],
    "Reservation confirmed: 20-27 June",
    "05-21T12:00",
    "Dear Alex Morgan,\n\nYour reservation at Casa do Largo (Largo do Carmo 8, Lisbon) is confirmed for 7 nights, 20 to 27 June 2025. Check-in from 15:00; we can store luggage if you arrive early. Total: EUR 945, payable at the property.",
  );
  // Family.
  const mom1 = mail(
    "thr-mom",
    mom,
    [me],
    "Banana bread recipe",
    "05-25T16:22",
    "Here's the banana bread recipe you asked for! 3 very ripe bananas, 1/3 cup melted butter, 3/4 cup sugar, 1 egg, 1 tsp vanilla, 1 tsp baking soda, pinch of salt, 1 1/2 cups flour. 350F for 60 minutes. Call me Sunday?\n\nLove, Mom",
  );
  mail(
    "thr-mom",
    alex,
    ["maria.morgan@example.net"],
    "Re: Banana bread recipe",
    "05-25T18:01",
    "Thanks Mom! Saved it to my recipes folder. I'll call you on the 9th, I put it in my calendar.",
    { replyTo: mom1 },
  );
  mail(
    "thr-chris",
    ["Chris Morgan", "chris.morgan@example.net"],
    [me],
    "Dad's 65th - gift idea",
    "05-31T21:30",
    "Hey, for Dad's birthday in July I was thinking we split a GPS running watch, the Trailblazer one is about $200. Want to go halves?",
    { unread: true },
  );
  // Work misc.
  mail(
    "thr-design",
    sam,
    [me],
    "Design critique moved to Wednesday",
    "05-30T11:18",
    "Hi Alex, I moved the design critique to Wednesday June 4 at 16:00 in the studio. Bring the onboarding flow mockups if you can.",
  );
  mail(
    "thr-data",
    tom,
    [me],
    "Dashboard numbers for May",
    "06-01T15:44",
    "Alex, the May dashboard is up. Active users were 48,210 (+6.2% month over month), churn 2.1%. The CSV is attached if you need it for the Q3 plan.",
    { attachments: ["may-dashboard.csv"], unread: true },
  );
  mail(
    "thr-expenses",
    ["Northwind Finance", "finance@northwind.example.com"],
    [me],
    "Reminder: May expenses due June 30",
    "05-29T08:00",
    "This is a reminder that expense reports for May must be submitted in the finance portal by June 30. Late reports are paid in the next cycle.",
  );
}
