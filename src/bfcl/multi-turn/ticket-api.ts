/**
 * BFCL's `TicketAPI`: a login and a queue of ticket dicts (id, title, description, status,
 * priority, created_by), created, read, edited, resolved and closed by id.
 */
import { type ApiMethod, type MultiTurnApi, methodTable, params } from "./api-class.js";
import { errorResult } from "./error-result.js";
import { PyDict, type PyObj, pyEquals, pyTruthy } from "./py-object.js";
import { pyAdd, pyCompare } from "./py-ops.js";
import { pyStrOf } from "./py-render.js";
import { strSelf } from "./py-str.js";

const status = (text: string): PyDict => new PyDict([["status", text]]);
const validFields = ["title", "description", "status", "priority"];

/** The Ticket API. */
export class TicketApi implements MultiTurnApi {
  private static readonly table = methodTable<TicketApi>([
    [
      "create_ticket",
      params("title", ["description", ""], ["priority", 1n]),
      (self, [t, d, p]) => self.create(t!, d!, p!),
    ],
    [
      "get_ticket",
      params("ticket_id"),
      (self, [id]) => self.find(id!) ?? errorResult(`Ticket with ID ${pyStrOf(id!)} not found.`),
    ],
    ["close_ticket", params("ticket_id"), (self, [id]) => self.setStatus(id!, "Closed", "closed")],
    [
      "resolve_ticket",
      params("ticket_id", "resolution"),
      (self, [id, resolution]) => self.setStatus(id!, "Resolved", "resolved", resolution),
    ],
    ["edit_ticket", params("ticket_id", "updates"), (self, [id, updates]) => self.edit(id!, updates!)],
    [
      "ticket_login",
      params("username", "password"),
      (self, [user, password]) => self.login(user!, password!),
    ],
    [
      "ticket_get_login_status",
      params(),
      (self) => new PyDict([["login_status", pyTruthy(self.currentUser)]]),
    ],
    ["logout", params(), (self) => self.logout()],
    ["get_user_tickets", params(["status", null]), (self, [wanted]) => self.userTickets(wanted!)],
  ]);

  get methods(): ReadonlyMap<string, ApiMethod<TicketApi>> {
    return TicketApi.table;
  }

  readonly className = "TicketAPI";
  ticketQueue: PyObj[] = [];
  ticketCounter: PyObj = 1n;
  currentUser: PyObj = null;

  loadScenario(scenario: PyDict): void {
    const get = (key: string, fallback: PyObj): PyObj =>
      scenario.has(key) ? (scenario.get(key) as PyObj) : fallback;
    this.ticketQueue = get("ticket_queue", []) as PyObj[];
    this.ticketCounter = get("ticket_counter", 1n);
    this.currentUser = get("current_user", null);
  }

  state(): Array<[string, PyObj]> {
    return [
      ["ticket_queue", this.ticketQueue],
      ["ticket_counter", this.ticketCounter],
      ["current_user", this.currentUser],
    ];
  }

  private find(id: PyObj): PyDict | undefined {
    for (const ticket of this.ticketQueue)
      if (pyEquals((ticket as PyDict).get("id") as PyObj, id)) return ticket as PyDict;
    return undefined;
  }

  private create(title: PyObj, description: PyObj, priority: PyObj): PyObj {
    if (!pyTruthy(this.currentUser))
      return errorResult("User not authenticated. Please log in to create a ticket.");
    if (pyCompare("<", priority, 1n) || pyCompare(">", priority, 5n))
      return errorResult("Invalid priority. Priority must be between 1 and 5.");
    const ticket = new PyDict([
      ["id", this.ticketCounter],
      ["title", title],
      ["description", description],
      ["status", "Open"],
      ["priority", priority],
      ["created_by", this.currentUser],
    ]);
    this.ticketQueue.push(ticket);
    this.ticketCounter = pyAdd(this.ticketCounter, 1n);
    return ticket;
  }

  private setStatus(id: PyObj, next: string, word: string, resolution?: PyObj): PyObj {
    const ticket = this.find(id);
    if (!ticket || ticket.size === 0) return errorResult(`Ticket with ID ${pyStrOf(id)} not found.`);
    if (ticket.get("status") === next)
      return errorResult(`Ticket with ID ${pyStrOf(id)} is already ${word}.`);
    ticket.set("status", next);
    if (resolution !== undefined) ticket.set("resolution", resolution);
    return status(`Ticket ${pyStrOf(id)} has been ${word} successfully.`);
  }

  private edit(id: PyObj, updates: PyObj): PyObj {
    const ticket = this.find(id);
    if (!ticket || ticket.size === 0) return errorResult(`Ticket with ID ${pyStrOf(id)} not found.`);
    const changes = updates as PyDict;
    const invalid = changes.keys().filter((key) => !validFields.includes(key as string));
    if (invalid.length > 0)
      return errorResult(`Invalid fields for update: ${invalid.map(pyStrOf).join(", ")}`);
    for (const [key, value] of changes.entries()) if (value !== null) ticket.set(key, value);
    return status(`Ticket ${pyStrOf(id)} has been updated successfully.`);
  }

  private login(user: PyObj, password: PyObj): PyObj {
    if (pyTruthy(user) && pyTruthy(password)) {
      this.currentUser = user;
      return new PyDict([["success", true]]);
    }
    return new PyDict([["success", false]]);
  }

  private logout(): PyObj {
    if (pyTruthy(this.currentUser)) {
      this.currentUser = null;
      return new PyDict([["success", true]]);
    }
    return new PyDict([["success", false]]);
  }

  private userTickets(wanted: PyObj): PyObj {
    if (!pyTruthy(this.currentUser))
      return [new PyDict([["error", "User not authenticated. Please log in to view tickets."]])];
    let tickets = this.ticketQueue.filter((ticket) =>
      pyEquals((ticket as PyDict).get("created_by") as PyObj, this.currentUser),
    );
    if (pyTruthy(wanted)) {
      const lower = strSelf(wanted, "lower").toLowerCase();
      tickets = tickets.filter(
        (ticket) => strSelf((ticket as PyDict).get("status") as PyObj, "lower").toLowerCase() === lower,
      );
    }
    return tickets;
  }
}
