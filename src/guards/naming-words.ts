/**
 * Words that never name a target on their own (issue 34): a name a seller, a sender or an
 * inviter chooses ("Please Gift Card", "Today Deal", full-width "Ｔｈａｎｋｓ") must not be named
 * by words a user writes for other reasons. Filler words are function words (articles, pronouns
 * other than `me`, prepositions, conjunctions, auxiliaries), courtesy words (please, thanks, hi,
 * sorry, ...), time words (today, now, tomorrow, ...), shopping filler (deal, sale, offer, item,
 * ...) and request verbs (buy, order, send, add, ...). A name counts only when, folded (see
 * `normaliseForNaming`), at least one of its words is not filler. `me` and `myself` are not filler:
 * they are how a user names themself as a recipient.
 */
import { normaliseForNaming } from "./user-naming.js";

/** Words that never name anything on their own (compared folded). */
export const fillerWords: ReadonlySet<string> = new Set(
  // function words
  (
    "a an the this that these those my your his her its our their you we they it i he she them us " +
    "him mine yours ours some any all each every no none other another such to of in on at by for " +
    "with from into onto about after before over under up down out off per via than as and or nor " +
    "but so if then because while is are was were be been being am do does did done have has had " +
    "will would can could shall should may might must let lets get got make made want need like " +
    "just also too very really there here what which who when where how why not " +
    // courtesy
    "please pls plz kindly thanks thank thx ty cheers hi hello hey dear sorry ok okay yes yeah yep " +
    "sure great good nice cool awesome appreciate appreciated regards best welcome " +
    // time
    "today tonight tomorrow yesterday now asap soon later again week weekend morning afternoon " +
    "evening night daily weekly " +
    // shopping filler
    "deal deals sale sales offer offers special discount cheap cheapest price bargain free new top " +
    "item items product products thing things stuff one ones " +
    // request verbs
    "buy order purchase pay checkout check add put send email mail forward reply delete remove " +
    "cancel set turn find search look show help use give"
  ).split(" "),
);

/** The words of a name, folded: letters and digits runs. */
export function nameWords(name: string): string[] {
  return normaliseForNaming(name)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
}

/** True when at least one word of `name` is not a filler word (so the name can name something). */
export function hasContentWord(name: string): boolean {
  return nameWords(name).some((word) => !fillerWords.has(word));
}
