import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { CallTarget, Tool } from "../tools/tool.js";
import { freshWorld } from "./assistant.test-support.js";
import { createAssistantRegistry } from "./assistant-registry.js";
import { distinctNames, labelWords } from "./target-names.js";

let world: ReturnType<typeof freshWorld>;
let tools: Map<string, Tool>;
before(() => {
  world = freshWorld("default");
  tools = new Map(
    createAssistantRegistry(world.state)
      .list()
      .map((tool) => [tool.definition.name, tool]),
  );
});
after(() => world.cleanup());

function targets(name: string, input: Record<string, unknown>): CallTarget[] {
  const tool = tools.get(name);
  assert.ok(tool?.targets, `${name} has targets`);
  return tool.targets(input, {});
}
const names = (name: string, input: Record<string, unknown>) =>
  targets(name, input).map((target) => target.names);

describe("target names", () => {
  it("keeps the words only one label has", () => {
    const candidates = [
      ["Team standup", "team", "standup"],
      ["Team offsite", "team", "offsite"],
      ["Gym", "gym"],
    ];
    assert.deepEqual(distinctNames(candidates, 1), ["Team offsite", "offsite"]);
    assert.deepEqual(labelWords("Lunch with the Team"), ["lunch", "team"]);
  });

  it("recipients: address, a contact's full name, a first name only one contact has, 'me' for the user", () => {
    const [jordan, sam, self] = targets("email_send", {
      to: ["Jordan", "sam.patel@northwind.example.com", "alex.morgan@example.com"],
      subject: "x",
      body: "y",
    });
    assert.equal(jordan?.value, "jordan.lee@example.net");
    assert.deepEqual(jordan?.names, ["jordan.lee@example.net", "Jordan Lee", "jordan", "lee"]);
    assert.equal(jordan?.label, "Jordan Lee <jordan.lee@example.net>");
    // Two Sams: "sam" names neither; the surname and full name do.
    assert.deepEqual(sam?.names, ["sam.patel@northwind.example.com", "Sam Patel", "patel"]);
    assert.deepEqual(self?.names, ["alex.morgan@example.com", "me", "myself", "Alex Morgan"]);
    assert.deepEqual(
      names("email_send", { to: ["frontdesk@riverton-dental.example.com"], subject: "x", body: "y" })[0],
      ["frontdesk@riverton-dental.example.com", "Dr. Helen Okafor", "helen", "okafor", "dentist"],
    );
  });

  it("a reply's recipients come from the message, also named by its id", () => {
    const [marcus] = targets("email_reply", { message_id: "msg-0010", body: "Sure" });
    assert.equal(marcus?.argument, "");
    assert.ok(marcus?.names.includes("marcus") && marcus.names.includes("msg-0010"));
  });

  it("events by id, title or a title word no other event has", () => {
    const [dentist] = names("calendar_delete_event", { event_id: "evt-0023" });
    assert.deepEqual(dentist, ["evt-0023", "Dentist: cleaning", "dentist", "cleaning"]);
    const [standup] = names("calendar_update_event", { event_id: "evt-0001", title: "x" });
    assert.deepEqual(standup, ["evt-0001"], "eleven 'Team standup' events: only the id is unambiguous");
  });

  it("alarms by label, label word, or time; settings by their usual names", () => {
    const [wake] = names("settings_delete_alarm", { alarm_id: "alarm-0001" });
    for (const name of ["Wake up", "06:45", "6:45", "6:45 am"]) assert.ok(wake?.includes(name), name);
    assert.ok(!wake?.includes("alarm"), "three alarms: 'alarm' alone is ambiguous");
    const [dnd] = names("settings_set", { setting: "do_not_disturb", value: true });
    assert.ok(dnd?.includes("do not disturb") && dnd.includes("dnd"));
  });

  it("paths by the path or a file name no other entry has", () => {
    const [todo] = names("files_delete", { path: "./notes//todo.md" });
    assert.deepEqual(todo, ["./notes//todo.md", "notes/todo.md", "todo.md"]);
    const [fresh] = targets("files_write", { path: "notes/new.md", content: "x" });
    assert.deepEqual(fresh?.names, ["notes/new.md", "new.md"]);
    const [from, to] = targets("files_move", { from: "notes/ideas.md", to: "archive/ideas.md" });
    assert.deepEqual([from?.argument, to?.argument], ["from", "to"]);
    assert.deepEqual(
      to?.names,
      ["archive/ideas.md"],
      "another ideas.md exists: only the whole path names it",
    );
  });

  it("payment methods: the default is implicit, another must be named; items and orders by name or id", () => {
    const [visa] = targets("shop_checkout", {});
    assert.deepEqual([visa?.value, visa?.implicit], ["pm-visa-4242", true]);
    const [gift] = targets("shop_checkout", { payment_method_id: "pm-gift-0001" });
    assert.equal(gift?.implicit, undefined);
    for (const name of ["Shop gift card", "gift", "gift card", "0001"])
      assert.ok(gift?.names.includes(name), name);
    assert.ok(!gift?.names.includes("card"), "'card' is shared by three methods");
    const [cable] = names("shop_cart_add", { item_id: "itm-1007" });
    assert.ok(cable?.includes("itm-1007") && cable.includes("cable"));
  });
});
