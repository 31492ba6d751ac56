/**
 * BFCL's `MessageAPI`: users, a login, and an inbox of `{receiver_id: message}` entries. Message
 * ids come from `random.Random(random_seed)` (default 200191): `randint(10000, 99999)`, redrawn
 * while already generated, reproduced by {@link PythonRandom}.
 */
import { type ApiMethod, type MultiTurnApi, methodTable, params } from "./api-class.js";
import { errorResult } from "./error-result.js";
import { PyDict, type PyObj, PySet, pyContains, pyEquals, pyError, pyTruthy } from "./py-object.js";
import { pyAdd } from "./py-ops.js";
import { pyStrOf } from "./py-render.js";
import { strSelf } from "./py-str.js";
import { PythonRandom } from "./python-random.js";

const noUser = (): PyDict => errorResult("No user is currently logged in.");

function defaultState(): PyDict {
  return new PyDict([
    ["generated_ids", new PySet()],
    ["user_count", 4n],
    [
      "user_map",
      new PyDict([
        ["Alice", "USR001"],
        ["Bob", "USR002"],
        ["Catherine", "USR003"],
        ["Daniel", "USR004"],
      ]),
    ],
    [
      "inbox",
      [
        new PyDict([["USR002", "My name is Alice. I want to connect."]]),
        new PyDict([["USR003", "Could you upload the file?"]]),
        new PyDict([["USR004", "Could you upload the file?"]]),
      ],
    ],
    ["message_count", 3n],
    ["current_user", null],
  ]);
}

function firstItem(message: PyObj): [PyObj, PyObj] {
  if (!(message instanceof PyDict)) throw pyError("AttributeError", "object has no attribute 'items'");
  const first = message.entries()[0];
  if (first === undefined) throw pyError("IndexError", "list index out of range");
  return first;
}

/** The Message API. */
export class MessageApi implements MultiTurnApi {
  private static readonly table = methodTable<MessageApi>([
    ["list_users", params(), (self) => new PyDict([["user_list", self.userMap.keys()]])],
    ["get_user_id", params("user"), (self, [user]) => self.getUserId(user!)],
    ["message_login", params("user_id"), (self, [id]) => self.login(id!)],
    [
      "message_get_login_status",
      params(),
      (self) => new PyDict([["login_status", pyTruthy(self.currentUser)]]),
    ],
    ["send_message", params("receiver_id", "message"), (self, [id, message]) => self.send(id!, message!)],
    ["delete_message", params("receiver_id"), (self, [id]) => self.delete(id!)],
    ["view_messages_sent", params(), (self) => self.viewSent()],
    ["add_contact", params("user_name"), (self, [name]) => self.addContact(name!)],
    ["search_messages", params("keyword"), (self, [keyword]) => self.search(keyword!)],
    ["get_message_stats", params(), (self) => self.stats()],
  ]);

  get methods(): ReadonlyMap<string, ApiMethod<MessageApi>> {
    return MessageApi.table;
  }

  readonly className = "MessageAPI";
  private random = new PythonRandom(200191n);
  generatedIds: PyObj = new PySet();
  userCount: PyObj = 4n;
  userMap = new PyDict();
  inbox: PyObj[] = [];
  messageCount: PyObj = 3n;
  currentUser: PyObj = null;

  loadScenario(scenario: PyDict): void {
    const defaults = defaultState();
    const get = (key: string): PyObj =>
      scenario.has(key) ? (scenario.get(key) as PyObj) : (defaults.get(key) as PyObj);
    this.random = new PythonRandom(BigInt((scenario.get("random_seed") as bigint | undefined) ?? 200191n));
    this.generatedIds = get("generated_ids");
    this.userCount = get("user_count");
    this.userMap = get("user_map") as PyDict;
    this.inbox = get("inbox") as PyObj[];
    this.messageCount = get("message_count");
    this.currentUser = get("current_user");
  }

  state(): Array<[string, PyObj]> {
    return [
      ["generated_ids", this.generatedIds],
      ["user_count", this.userCount],
      ["user_map", this.userMap],
      ["inbox", this.inbox],
      ["message_count", this.messageCount],
      ["current_user", this.currentUser],
    ];
  }

  private generateId(): PyDict {
    const ids = this.generatedIds;
    let id = this.random.randint(10000n, 99999n);
    while (pyContains(ids, id)) id = this.random.randint(10000n, 99999n);
    if (!(ids instanceof PySet))
      throw pyError(
        "AttributeError",
        `'${Array.isArray(ids) ? "list" : "object"}' object has no attribute 'add'`,
      );
    ids.add(id);
    return new PyDict([["new_id", id]]);
  }

  private getUserId(user: PyObj): PyObj {
    if (!this.userMap.has(user)) return errorResult(`User '${pyStrOf(user)}' not found in the workspace.`);
    return new PyDict([["user_id", this.userMap.get(user) as PyObj]]);
  }

  private login(id: PyObj): PyObj {
    if (!pyContains(this.userMap.values(), id))
      return new PyDict([
        ["login_status", false],
        ["message", `User ID '${pyStrOf(id)}' not found.`],
      ]);
    this.currentUser = id;
    return new PyDict([
      ["login_status", true],
      ["message", `User '${pyStrOf(id)}' logged in successfully.`],
    ]);
  }

  private send(receiver: PyObj, message: PyObj): PyObj {
    if (!pyTruthy(this.currentUser)) return noUser();
    if (!pyContains(this.userMap.values(), receiver))
      return errorResult(`Receiver ID '${pyStrOf(receiver)}' not found.`);
    const id = this.generateId();
    this.inbox.push(new PyDict([[receiver, message]]));
    this.messageCount = pyAdd(this.messageCount, 1n);
    return new PyDict([
      ["sent_status", true],
      ["message_id", id],
      ["message", `Message sent to '${pyStrOf(receiver)}' successfully.`],
    ]);
  }

  private delete(receiverId: PyObj): PyObj {
    if (!pyTruthy(this.currentUser)) return noUser();
    for (const message of [...this.inbox].reverse()) {
      const [receiver] = firstItem(message);
      if (pyEquals(receiver, receiverId)) {
        // list.remove drops the first entry equal to this one.
        const index = this.inbox.findIndex((item) => item === message || pyEquals(item, message));
        this.inbox.splice(index, 1);
        return new PyDict([
          ["deleted_status", true],
          ["receiver_id", receiver],
          ["message", `Receiver ${pyStrOf(receiverId)}'s latest message deleted successfully.`],
        ]);
      }
    }
    return errorResult(`Receiver ID ${pyStrOf(receiverId)} not found.`);
  }

  private viewSent(): PyObj {
    if (!pyTruthy(this.currentUser)) return noUser();
    const sent = new PyDict();
    for (const message of this.inbox) {
      const [receiver, content] = firstItem(message);
      const list = sent.get(receiver);
      if (list === undefined) sent.set(receiver, [content]);
      else (list as PyObj[]).push(content);
    }
    return new PyDict([["messages", sent]]);
  }

  private addContact(name: PyObj): PyObj {
    if (this.userMap.has(name)) return errorResult(`User name '${pyStrOf(name)}' already exists.`);
    this.userCount = pyAdd(this.userCount, 1n);
    const id = `USR${pyStrOf(this.userCount).padStart(3, "0")}`;
    if (pyContains(this.userMap.values(), id)) return errorResult(`User ID '${id}' already exists.`);
    this.userMap.set(name, id);
    return new PyDict([
      ["added_status", true],
      ["user_id", id],
      ["message", `Contact '${pyStrOf(name)}' added successfully.`],
    ]);
  }

  private search(keyword: PyObj): PyObj {
    if (!pyTruthy(this.currentUser)) return noUser();
    const lower = strSelf(keyword, "lower").toLowerCase();
    const results: PyObj[] = [];
    for (const message of this.inbox) {
      const [receiver, content] = firstItem(message);
      if (strSelf(content, "lower").toLowerCase().includes(lower))
        results.push(
          new PyDict([
            ["receiver_id", receiver],
            ["message", content],
          ]),
        );
    }
    return new PyDict([["results", results]]);
  }

  private stats(): PyObj {
    if (!pyTruthy(this.currentUser)) return noUser();
    const contacts = new PySet();
    for (const message of this.inbox) contacts.add(firstItem(message)[0]);
    return new PyDict([
      [
        "stats",
        new PyDict([
          ["received_count", BigInt(this.inbox.length)],
          ["total_contacts", BigInt(contacts.size)],
        ]),
      ],
    ]);
  }
}
