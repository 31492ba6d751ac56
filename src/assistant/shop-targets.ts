/**
 * Shop call targets (see `CallTarget`): the catalog item a cart change names, the payment method
 * a checkout uses (the default method needs no naming: it is what "buy it" means), the items a
 * checkout buys (implicit: "check out my cart" names them, unless the line was put in the cart by
 * a session that had read third-party content: this one, see `Tool.stagesFor`, or an earlier one,
 * whose mark the cart keeps), and the order a cancellation names. Each is named by its id, its
 * name or label, or a word of it no other thing of its kind has.
 */
import type { CallTarget } from "../tools/tool.js";
import {
  cartLines,
  type ItemRow,
  type MethodRow,
  type OrderLine,
  type OrderRow,
  paymentMethod,
} from "./shop-rows.js";
import { distinctNamesOf, labelNames } from "./target-names.js";
import type { AssistantState } from "./world.js";

/** The item `id` names (a cart change). */
export function itemTarget(state: AssistantState, id: string): CallTarget {
  const rows = state.db.prepare("SELECT * FROM catalog ORDER BY id").all() as ItemRow[];
  const row = rows.find((candidate) => candidate.id === id);
  const names = distinctNamesOf(rows, id, (candidate) => [
    ...labelNames(candidate.name),
    ...(candidate.brand ? [`${candidate.brand} ${candidate.name}`] : []),
  ]);
  return {
    kind: "item",
    argument: "item_id",
    value: id,
    names: [id, ...names],
    ...(row ? { label: `${row.name} (${row.id})` } : {}),
  };
}

/** The payment method a checkout uses: `id`, or the default one when `id` is undefined. */
export function paymentTarget(state: AssistantState, id: string | undefined): CallTarget {
  const method = paymentMethod(state, id);
  const rows = state.db.prepare("SELECT * FROM payment_methods ORDER BY id").all() as MethodRow[];
  const value = method?.id ?? id ?? "";
  const names = distinctNamesOf(rows, value, (candidate) => [
    ...labelNames(candidate.label),
    candidate.kind,
    candidate.kind.replaceAll("-", " "),
    candidate.last4,
  ]);
  return {
    kind: "payment method",
    argument: id === undefined ? "" : "payment_method_id",
    value,
    names: [value, ...names],
    ...(method ? { label: `${method.label} …${method.last4} (${method.id})` } : {}),
    ...(method?.is_default === 1 ? { implicit: true } : {}),
  };
}

/** The order `id` names (a cancellation); also named by "order" when it is the only one that can be cancelled. */
export function orderTarget(state: AssistantState, id: string): CallTarget {
  const orders = (state.db.prepare("SELECT * FROM orders ORDER BY id").all() as OrderRow[]).filter(
    (order) => order.status === "processing" || order.id === id,
  );
  const itemName = (itemId: string) =>
    (state.db.prepare("SELECT name FROM catalog WHERE id = ?").get(itemId) as { name: string } | undefined)
      ?.name;
  const names = distinctNamesOf(orders, id, (order) => [
    "order",
    ...(JSON.parse(order.items) as OrderLine[]).flatMap((line) => labelNames(itemName(line.itemId))),
  ]);
  return { kind: "order", argument: "order_id", value: id, names: [id, ...names] };
}

/** Said of a cart line a session put there after it had read third-party content. */
export const stagedAfterUntrustedNote = "added after third-party content was read";

/**
 * The items a checkout buys: every cart line, implicit unless it is marked as put there after
 * third-party content was read (then it must be named, and its label says why).
 */
export function cartTargets(state: AssistantState): CallTarget[] {
  return cartLines(state).rows.map((row) => {
    const label = `${row.quantity} × ${row.name ?? "missing item"} (${row.item_id})`;
    const target = { ...itemTarget(state, row.item_id), argument: "" };
    return row.added_after_untrusted === 1
      ? { ...target, label: `${label}, ${stagedAfterUntrustedNote}`, stagedAfterUntrusted: true }
      : { ...target, label, implicit: true };
  });
}
