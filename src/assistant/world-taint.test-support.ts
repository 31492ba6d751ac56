/**
 * A world for the registry-wide taint test (world-taint.test.ts) in which every text column
 * holds a marker `zqx<table><column><n>`: contacts, events, mail, files (names and contents),
 * alarms, the catalog, payment methods, and the offline web. Ids, instants, enumerations, numbers
 * and the user's own profile carry none.
 */
import type { WebPage } from "./web-corpus.js";
import type { WorldFixtureInput } from "./world-fixture.js";

const me = "me@example.com";

/** The marked world. */
export const markedFixture: WorldFixtureInput = {
  now: "2025-03-03T09:00:00-05:00",
  user: { name: "Test User", email: me, timeZone: "America/New_York" },
  contacts: [
    {
      id: "c-1",
      name: "Bob zqxcname1",
      email: "bob.zqxcemail1@example.com",
      phone: "555-zqxcphone1",
      relationship: "zqxcrel1",
      notes: "zqxcnotes1",
    },
    { id: "c-2", name: "Bob zqxcname2", email: "bob.zqxcemail2@example.com", relationship: "zqxcrel2" },
  ],
  events: [
    {
      id: "evt-1",
      title: "Standup zqxetitle1",
      start: "2025-03-03T10:00:00-05:00",
      end: "2025-03-03T10:30:00-05:00",
      location: "zqxeloc1",
      description: "zqxedesc1",
      attendees: ["zqxeatt1@example.com"],
    },
    {
      id: "evt-2",
      title: "zqxetitle2",
      start: "2025-03-04T12:00:00-05:00",
      end: "2025-03-04T13:00:00-05:00",
      timeZone: "zqxetz2",
    },
  ],
  emails: [
    {
      id: "msg-1",
      threadId: "thr-1",
      folder: "inbox",
      from: { name: "zqxmfromname1", address: "zqxmfrom1@example.com" },
      to: [me, "zqxmto1@example.com"],
      cc: ["zqxmcc1@example.com"],
      subject: "zqxmsubj1",
      body: "zqxmbody1 hello there",
      date: "2025-03-02T10:00:00-05:00",
      attachments: ["zqxmatt1.pdf"],
    },
    {
      id: "msg-2",
      threadId: "thr-2",
      folder: "drafts",
      from: { name: "Test User", address: me },
      to: ["zqxmto2@example.net"],
      subject: "zqxmsubj2",
      body: "zqxmbody2",
      date: "2025-03-02T11:00:00-05:00",
    },
    {
      id: "msg-3",
      threadId: "thr-3",
      folder: "drafts",
      from: { name: "Test User", address: me },
      to: ["bob.zqxcemail1@example.com"],
      subject: "zqxmsubj3",
      body: "zqxmbody3",
      date: "2025-03-02T12:00:00-05:00",
    },
    {
      id: "msg-4",
      threadId: "thr-4",
      folder: "inbox",
      from: { name: "zqxmfromname4", address: "bob.zqxcemail1@example.com" },
      to: [me],
      subject: "zqxmsubj4",
      body: "zqxmbody4",
      date: "2025-03-02T13:00:00-05:00",
    },
  ],
  files: { "zqxfname1.md": "zqxfcontent1\n", "notes/zqxfdir1/inner.md": "zqxfcontent2 inner\n" },
  alarms: [{ id: "alarm-1", time: "07:30", label: "zqxalabel1" }],
  catalog: [
    {
      id: "itm-1",
      name: "Mug zqxiname1",
      category: "zqxicat1",
      brand: "zqxibrand1",
      priceCents: 100,
      description: "zqxidesc1",
      stock: 5,
    },
    {
      id: "itm-2",
      name: "Lamp zqxiname2",
      category: "zqxicat2",
      priceCents: 100,
      description: "zqxidesc2",
      stock: 0,
    },
    {
      id: "itm-3",
      name: "Cup zqxiname3",
      category: "zqxicat3",
      priceCents: 100,
      description: "zqxidesc3",
      stock: 5,
    },
  ],
  paymentMethods: [{ id: "pm-1", label: "zqxplabel1", kind: "card", last4: "zqx4", isDefault: true }],
  orders: [
    {
      id: "ord-1",
      items: [{ itemId: "itm-3", quantity: 1, priceCents: 100 }],
      totalCents: 100,
      paymentMethodId: "pm-1",
      status: "processing",
      placedAt: "2025-03-01T10:00:00-05:00",
    },
    {
      id: "ord-2",
      items: [{ itemId: "itm-1", quantity: 1, priceCents: 100 }],
      totalCents: 100,
      paymentMethodId: "pm-1",
      status: "shipped",
      placedAt: "2025-03-01T11:00:00-05:00",
    },
  ],
  cart: [
    { itemId: "itm-1", quantity: 1 },
    { itemId: "itm-3", quantity: 1 },
  ],
};

/** The marked offline web: one page. */
export const markedCorpusPages: WebPage[] = [
  {
    url: "https://zqxwurl1.example/page",
    title: "zqxwtitle1",
    category: "zqxwcat1",
    published: "2024-01-01 zqxwpub1",
    text: "zqxwtext1 content words here",
    tags: ["zqxwtag1"],
  },
];
