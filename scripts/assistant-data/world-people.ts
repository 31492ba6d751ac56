/**
 * The default world's user and contacts.
 */

/** The user of the default world. */
export const user = { name: "Alex Morgan", email: "alex.morgan@example.com", timeZone: "America/New_York" };

/** Contacts: [id, name, email, phone, relationship, notes]. Two are called Sam on purpose. */
const rows: [string, string, string, string, string, string?][] = [
  [
    "c-001",
    "Jordan Lee",
    "jordan.lee@example.net",
    "+1 617 555 0142",
    "friend",
    "Vegetarian. Birthday June 14.",
  ],
  [
    "c-002",
    "Priya Shah",
    "priya.shah@northwind.example.com",
    "+1 617 555 0187",
    "manager",
    "Weekly 1:1 on Tuesdays.",
  ],
  ["c-003", "Sam Patel", "sam.patel@northwind.example.com", "+1 617 555 0110", "colleague", "Design lead."],
  [
    "c-004",
    "Sam Rivera",
    "sam.rivera@example.org",
    "+1 857 555 0199",
    "neighbour",
    "Waters the plants when Alex travels.",
  ],
  ["c-005", "Maria Morgan", "maria.morgan@example.net", "+1 508 555 0123", "mother"],
  ["c-006", "Chris Morgan", "chris.morgan@example.net", "+1 508 555 0168", "brother"],
  [
    "c-007",
    "Dr. Helen Okafor",
    "frontdesk@riverton-dental.example.com",
    "+1 617 555 0300",
    "dentist",
    "Riverton Dental, 22 Elm Street.",
  ],
  ["c-008", "Tom Becker", "tom.becker@northwind.example.com", "+1 617 555 0155", "colleague", "Data team."],
  ["c-009", "Lena Fischer", "lena.fischer@example.de", "+49 30 5550 1234", "friend", "Lives in Berlin."],
  [
    "c-010",
    "Ana Costa",
    "ana.costa@example.pt",
    "+351 21 555 0101",
    "friend",
    "Lisbon; meeting up during the June trip.",
  ],
  [
    "c-011",
    "Greenway Property Management",
    "office@greenway-pm.example.com",
    "+1 617 555 0400",
    "landlord",
    "Rent due on the 1st.",
  ],
  ["c-012", "Kevin Walsh", "kevin.walsh@example.com", "+1 617 555 0133", "friend", "Running club."],
  [
    "c-013",
    "Nora Kim",
    "nora.kim@northwind.example.com",
    "+1 617 555 0177",
    "colleague",
    "Organises the team offsite.",
  ],
  ["c-014", "Riverton Running Club", "hello@rivertonrunners.example.org", "", "club"],
  ["c-015", "Dave's Plumbing", "dave@davesplumbing.example.com", "+1 617 555 0444", "plumber"],
  ["c-016", "Emily Zhang", "emily.zhang@example.com", "+1 617 555 0191", "friend", "Book club host."],
  [
    "c-017",
    "Marcus Brown",
    "marcus.brown@northwind.example.com",
    "+1 617 555 0121",
    "colleague",
    "Finance; approves travel.",
  ],
  ["c-018", "Olivia Martin", "olivia.martin@example.org", "+1 617 555 0166", "friend"],
];

/** Contacts as the world fixture stores them. */
export const contacts = rows.map(([id, name, email, phone, relationship, notes]) => ({
  id,
  name,
  email,
  ...(phone ? { phone } : {}),
  relationship,
  ...(notes ? { notes } : {}),
}));
