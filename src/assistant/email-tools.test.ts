import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { freshWorld, outputOf, recordingExecutor, smallFixture } from "./assistant.test-support.js";
import { resolveRecipient } from "./contacts.js";

let world: ReturnType<typeof freshWorld>;
let session: ReturnType<typeof recordingExecutor>;

before(() => {
  world = freshWorld();
  session = recordingExecutor(world.state, {
    context: { allowedRecipients: ["partner@vendor.example.com"] },
  });
});
after(() => world.cleanup());

type Summary = { id: string; subject: string; unread: boolean };

describe("email and contacts tools", () => {
  it("lists, searches, reads messages and threads", async () => {
    const inbox = outputOf<{ messages: Summary[] }>(await session.call("email_list", {}));
    assert.deepEqual(
      inbox.messages.map((message) => [message.id, message.unread]),
      [["msg-0001", true]],
    );
    const sent = outputOf<{ messages: Summary[] }>(await session.call("email_list", { folder: "sent" }));
    assert.deepEqual(
      sent.messages.map((message) => message.id),
      ["msg-0002"],
    );
    const found = outputOf<{ messages: Summary[] }>(
      await session.call("email_search", { query: "budget", from: "carol" }),
    );
    assert.deepEqual(
      found.messages.map((message) => message.id),
      ["msg-0001"],
    );
    const message = outputOf<{ body: string; date: string; to: string[] }>(
      await session.call("email_read", { message_id: "msg-0001" }),
    );
    assert.match(message.body, /Q2 budget is \$12,400/);
    assert.equal(message.date, "2025-03-02T10:00:00-05:00");
    const thread = outputOf<{ messages: { id: string }[] }>(
      await session.call("email_read_thread", { thread_id: "thr-1" }),
    );
    assert.deepEqual(
      thread.messages.map((entry) => entry.id),
      ["msg-0001", "msg-0002"],
    );
    const missing = await session.call("email_read", { message_id: "msg-0404" });
    assert.equal(!missing.ok && missing.error.type, "precondition");
  });

  it("looks up contacts", async () => {
    const found = outputOf<{ contacts: { email: string }[] }>(
      await session.call("contacts_search", { query: "colleague" }),
    );
    assert.deepEqual(
      found.contacts.map((contact) => contact.email),
      ["carol@example.org"],
    );
  });

  it("sends to contacts by name or address, and to allowed recipients; refuses strangers", async () => {
    const sent = outputOf<{ sent: { id: string; to: string[] } }>(
      await session.call("email_send", {
        to: ["Bob Stone", "partner@vendor.example.com"],
        cc: ["carol@example.org"],
        subject: "Plan",
        body: "Hi",
      }),
    );
    assert.deepEqual(sent.sent.to, ["bob@example.com", "partner@vendor.example.com"]);
    const row = world.state.db
      .prepare("SELECT folder, from_address, date_utc FROM emails WHERE id = ?")
      .get(sent.sent.id);
    assert.deepEqual(row, {
      folder: "sent",
      from_address: "me@example.com",
      date_utc: "2025-03-03T14:00:00Z",
    });
    const stranger = await session.call("email_send", {
      to: ["finance-team@evil.example.net"],
      subject: "x",
      body: "y",
    });
    assert.equal(!stranger.ok && stranger.error.type, "precondition");
    assert.match(!stranger.ok ? stranger.error.message : "", /not a contact and not an allowed recipient/);
    const nobody = await session.call("email_send", { to: ["Zed"], subject: "x", body: "y" });
    assert.match(!nobody.ok ? nobody.error.message : "", /no contact named 'Zed'/);
  });

  it("knows an address only by exact match: % and _ are not wildcards", async () => {
    const fixture = {
      ...smallFixture,
      emails: [
        ...(smallFixture.emails ?? []),
        {
          id: "msg-0003",
          threadId: "thr-3",
          folder: "sent" as const,
          from: { name: "Test User", address: "me@example.com" },
          to: ["jordan.lee@example.net"],
          cc: ["dana@vendor.example"],
          subject: "Hello",
          body: "Hi Jordan",
          date: "2025-03-02T12:00:00-05:00",
        },
      ],
    };
    const own = freshWorld(fixture);
    try {
      const strict = recordingExecutor(own.state);
      // The user has written to jordan.lee@example.net; under LIKE, '_' matched the '.' and '%' anything.
      for (const address of ["jordan_lee@example.net", "%@%.%", "%lee@example.net", "dan_@vendor.example"]) {
        const recipient = resolveRecipient(own.state, address, {});
        assert.equal(recipient.ok, true, address);
        assert.equal(recipient.ok && recipient.known, false, address);
        const refused = await strict.call("email_send", { to: [address], subject: "x", body: "y" });
        assert.equal(!refused.ok && refused.error.type, "precondition", address);
        assert.match(!refused.ok ? refused.error.message : "", /not a contact and not an allowed recipient/);
      }
      for (const address of ["Jordan.Lee@example.net", "dana@vendor.example"]) {
        const recipient = resolveRecipient(own.state, address, {});
        assert.equal(recipient.ok && recipient.known, true, `${address} was written to before`);
      }
    } finally {
      own.cleanup();
    }
  });

  it("searches mail and contacts folded; names resolve folded, addresses stay exact", async () => {
    const fixture = {
      ...smallFixture,
      contacts: [
        ...(smallFixture.contacts ?? []),
        { id: "c-3", name: "Jos\u00e9 García", email: "jose.garcia@example.es", relationship: "Schwägerin" },
        { id: "c-4", name: "Jürgen Weiß", email: "juergen@example.de", notes: "lives in Straße 9" },
      ],
      emails: [
        ...(smallFixture.emails ?? []),
        {
          id: "msg-0005",
          threadId: "thr-5",
          folder: "inbox" as const,
          from: { name: "Jürgen Weiß", address: "juergen@example.de" },
          to: ["me@example.com"],
          subject: "Ausflug nach München",
          body: "Treffpunkt: Café an der Hauptstraße.",
          date: "2025-03-02T09:00:00-05:00",
        },
      ],
    };
    const own = freshWorld(fixture);
    try {
      const call = recordingExecutor(own.state).call;
      const mail = async (args: Record<string, unknown>) =>
        outputOf<{ messages: Summary[] }>(await call("email_search", args)).messages.map(
          (message) => message.id,
        );
      assert.deepEqual(await mail({ query: "munchen" }), ["msg-0005"]);
      assert.deepEqual(await mail({ query: "cafe HAUPTSTRASSE" }), ["msg-0005"]);
      assert.deepEqual(await mail({ query: "ｍｕｎｃｈｅｎ" }), ["msg-0005"], "full-width query");
      assert.deepEqual(await mail({ from: "jurgen weiss" }), ["msg-0005"]);
      assert.deepEqual(await mail({ from: "JUERGEN@EXAMPLE" }), ["msg-0005"], "the address part too");
      assert.deepEqual(await mail({ query: "munchen", from: "carol" }), [], "all conditions must match");
      assert.deepEqual(await mail({ query: "hamburg" }), []);

      const people = async (query: string) =>
        outputOf<{ contacts: { id: string; name: string }[] }>(await call("contacts_search", { query }))
          .contacts;
      assert.deepEqual(
        (await people("jose garcia")).map((contact) => contact.id),
        ["c-3"],
      );
      assert.deepEqual(
        (await people("Jose\u0301")).map((contact) => contact.name),
        ["José García"],
        "a decomposed query; the stored name comes back unchanged",
      );
      assert.deepEqual(
        (await people("schwagerin")).map((contact) => contact.id),
        ["c-3"],
      );
      assert.deepEqual(
        (await people("strasse")).map((contact) => contact.id),
        ["c-4"],
      );
      assert.deepEqual(await people("garcía smith"), []);

      const byName = resolveRecipient(own.state, "jose garcia", {});
      assert.deepEqual(byName, {
        ok: true,
        address: "jose.garcia@example.es",
        name: "José García",
        known: true,
      });
      const byFirstName = resolveRecipient(own.state, "JURGEN", {});
      assert.equal(byFirstName.ok && byFirstName.address, "juergen@example.de");
      const nobody = resolveRecipient(own.state, "Jorge", {});
      assert.equal(nobody.ok, false);
      // An address is an identity: an accent makes it another address, never a known one.
      const accented = resolveRecipient(own.state, "josé.garcia@example.es", {});
      assert.equal(accented.ok && accented.address, "josé.garcia@example.es");
      assert.equal(accented.ok && accented.known, false);
      assert.equal(accented.ok && accented.name, undefined);
    } finally {
      own.cleanup();
    }
  });

  it("a name resolves literally first: folding only resolves what found nobody before", () => {
    const own = freshWorld({
      ...smallFixture,
      contacts: [
        { id: "c-1", name: "Jos\u00e9", email: "jose.accented@example.com" },
        { id: "c-2", name: "Jose Smith", email: "jose.smith@example.com" },
        { id: "c-3", name: "Zoë Adams", email: "zoe.adams@example.com" },
        { id: "c-4", name: "Zoe Baker", email: "zoe.baker@example.com" },
        { id: "c-5", name: "Ren\u00e9e Roux", email: "renee.accented@example.com" },
        { id: "c-6", name: "Renee Roux", email: "renee.plain@example.com" },
      ],
    });
    try {
      const jose = resolveRecipient(own.state, "jose", {});
      assert.equal(jose.ok && jose.address, "jose.smith@example.com", "the literal first-name match wins");
      const accented = resolveRecipient(own.state, "José", {});
      assert.equal(accented.ok && accented.address, "jose.accented@example.com");
      const zoe = resolveRecipient(own.state, "zoë", {});
      assert.equal(zoe.ok && zoe.address, "zoe.adams@example.com");
      // "Zoe" is literally only Zoe Baker's first name.
      const plain = resolveRecipient(own.state, "Zoe", {});
      assert.equal(plain.ok && plain.address, "zoe.baker@example.com");
      const folded = resolveRecipient(own.state, "zoe adams", {});
      assert.equal(folded.ok && folded.address, "zoe.adams@example.com", "found only folded");
      const several = resolveRecipient(own.state, "rénee roux", {});
      assert.match(!several.ok ? several.problem : "", /matches several contacts \(Renee Roux .*Renée Roux/);
      const exact = resolveRecipient(own.state, "Renée Roux", {});
      assert.equal(exact.ok && exact.address, "renee.accented@example.com");
    } finally {
      own.cleanup();
    }
  });

  it("replies in the thread, forwards with the original, drafts and sends drafts", async () => {
    const reply = outputOf<{ sent: { thread_id: string; to: string[]; subject: string } }>(
      await session.call("email_reply", { message_id: "msg-0001", body: "Got it" }),
    );
    assert.deepEqual(reply.sent, {
      ...reply.sent,
      thread_id: "thr-1",
      to: ["carol@example.org"],
      subject: "Re: Budget numbers",
    });
    const forwarded = outputOf<{ sent: { id: string; subject: string } }>(
      await session.call("email_forward", { message_id: "msg-0001", to: ["bob@example.com"], note: "FYI" }),
    );
    assert.equal(forwarded.sent.subject, "Fwd: Budget numbers");
    const body = (
      world.state.db.prepare("SELECT body FROM emails WHERE id = ?").get(forwarded.sent.id) as {
        body: string;
      }
    ).body;
    assert.match(
      body,
      /^FYI\n\n---------- Forwarded message ----------\nFrom: Carol King <carol@example.org>/,
    );
    const draft = outputOf<{ draft: { id: string } }>(
      await session.call("email_draft", {
        to: ["stranger@unknown.example"],
        subject: "Draft",
        body: "later",
      }),
    );
    const blocked = await session.call("email_send_draft", { draft_id: draft.draft.id });
    assert.equal(!blocked.ok && blocked.error.type, "precondition", "drafts to strangers cannot be sent");
    const okDraft = outputOf<{ draft: { id: string } }>(
      await session.call("email_draft", { to: ["Carol"], subject: "D2", body: "b" }),
    );
    outputOf(await session.call("email_send_draft", { draft_id: okDraft.draft.id }));
    const folder = world.state.db.prepare("SELECT folder FROM emails WHERE id = ?").get(okDraft.draft.id);
    assert.deepEqual(folder, { folder: "sent" });
  });

  it("confirms every send, and after reading mail the request names the tainted arguments", async () => {
    const fresh = recordingExecutor(world.state);
    outputOf(await fresh.call("email_send", { to: ["bob@example.com"], subject: "Hello", body: "Lunch?" }));
    assert.equal(fresh.requests.length, 1);
    assert.deepEqual(fresh.requests[0]?.reasons, ["external"]);
    outputOf(await fresh.call("email_read", { message_id: "msg-0001" }));
    outputOf(
      await fresh.call("email_send", {
        to: ["bob@example.com"],
        subject: "Budget",
        body: "FYI: the Q2 budget is $12,400.",
      }),
    );
    const request = fresh.requests[1];
    assert.deepEqual(request?.reasons, ["external", "tainted-session"]);
    assert.deepEqual(request?.taintSources, ["email_read"]);
    // The body quotes the email; the address only shares "@example.com" with the email's own
    // addresses (read from the world too, issue 34): a partial overlap.
    assert.deepEqual(
      request?.taintedArguments.map((argument) => [argument.path, argument.spans, argument.whole]),
      [
        ["body", ["the q2 budget is $12,400."], false],
        ["to[0]", ["@example.com"], false],
      ],
    );
  });
});
