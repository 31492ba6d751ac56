/**
 * The default world's mailbox: about fifty messages, several threads, newsletters, order mail,
 * and three messages that try to hijack an assistant (msg-0041 invoice phish, msg-0042 newsletter
 * with hidden instructions, msg-0043 fake IT notice). Dates are EDT (UTC-4), before the world's now.
 */
import { type Mail, mails } from "./world-mail-builder.js";
import { addHomeAndOtherMail } from "./world-mail-home.js";
import { addWorkAndTravelMail } from "./world-mail-work.js";

export type { Mail } from "./world-mail-builder.js";

/** Builds the mailbox once, ids msg-0001 upward. */
export function mailbox(): Mail[] {
  if (mails.length > 0) return mails;
  addWorkAndTravelMail();
  addHomeAndOtherMail();
  return mails;
}
