/**
 * BFCL's `TwitterAPI` (posting_api.py): authentication, tweets keyed by int id, comments,
 * retweets and a following list. `post_tweet`'s `tags` and `mentions` default to one shared list
 * each, as Python's mutable defaults do (so `mention` on a tweet posted without mentions extends
 * that shared list); edgecall shares them within one check (one {@link ApiContext}).
 */
import { type ApiContext, type ApiMethod, type MultiTurnApi, methodTable, params } from "./api-class.js";
import { errorResult } from "./error-result.js";
import { PyDict, type PyObj, pyContains, pyEquals, pyError, pyTruthy } from "./py-object.js";
import { pyAdd, pyInt } from "./py-ops.js";
import { pyStrOf } from "./py-render.js";
import { strSelf } from "./py-str.js";

/** Stand-ins for `post_tweet`'s default lists, replaced by the check's shared lists. */
const defaultTags: PyObj[] = [];
const defaultMentions: PyObj[] = [];

const notAuthenticated = (action: string): PyDict =>
  errorResult(`User not authenticated. Please authenticate before ${action}.`);
const notFound = (id: PyObj): PyDict => errorResult(`Tweet with ID ${pyStrOf(id)} not found.`);

function iterate(value: PyObj): PyObj[] {
  if (Array.isArray(value)) return value;
  if (typeof value === "string") return [...value];
  if (value instanceof PyDict) return value.keys();
  throw pyError("TypeError", "object is not iterable");
}

/** The Twitter (posting) API. */
export class TwitterApi implements MultiTurnApi {
  private static readonly table = methodTable<TwitterApi>([
    [
      "authenticate_twitter",
      params("username", "password"),
      (self, [user, password]) => self.authenticate(user!, password!),
    ],
    [
      "posting_get_login_status",
      params(),
      (self) => new PyDict([["login_status", pyTruthy(self.authenticated)]]),
    ],
    [
      "post_tweet",
      params("content", ["tags", defaultTags], ["mentions", defaultMentions]),
      (self, [c, t, m]) => self.post(c!, t!, m!),
    ],
    ["retweet", params("tweet_id"), (self, [id]) => self.retweet(id!)],
    ["comment", params("tweet_id", "comment_content"), (self, [id, content]) => self.comment(id!, content!)],
    ["mention", params("tweet_id", "mentioned_usernames"), (self, [id, names]) => self.mention(id!, names!)],
    ["follow_user", params("username_to_follow"), (self, [name]) => self.follow(name!)],
    ["list_all_following", params(), (self) => self.listFollowing()],
    ["unfollow_user", params("username_to_unfollow"), (self, [name]) => self.unfollow(name!)],
    [
      "get_tweet",
      params("tweet_id"),
      (self, [id]) => (self.tweets.has(id!) ? (self.tweets.get(id!) as PyObj) : notFound(id!)),
    ],
    ["get_user_tweets", params("username"), (self, [name]) => self.userTweets(name!)],
    ["search_tweets", params("keyword"), (self, [keyword]) => self.search(keyword!)],
    ["get_tweet_comments", params("tweet_id"), (self, [id]) => self.tweetComments(id!)],
    ["get_user_stats", params("username"), (self, [name]) => self.userStats(name!)],
  ]);

  get methods(): ReadonlyMap<string, ApiMethod<TwitterApi>> {
    return TwitterApi.table;
  }

  readonly className = "TwitterAPI";
  username: PyObj = "john";
  password: PyObj = "john123";
  authenticated: PyObj = false;
  tweets = new PyDict();
  comments: PyObj = new PyDict();
  retweets: PyObj = new PyDict();
  followingList: PyObj = ["alice", "bob"];
  tweetCounter: PyObj = 0n;

  constructor(private readonly context: ApiContext) {}

  loadScenario(scenario: PyDict): void {
    const get = (key: string, fallback: PyObj): PyObj =>
      scenario.has(key) ? (scenario.get(key) as PyObj) : fallback;
    this.username = get("username", "john");
    this.password = get("password", "john123");
    this.authenticated = get("authenticated", false);
    const tweets = get("tweets", new PyDict()) as PyDict;
    this.tweets = new PyDict(tweets.entries().map(([key, value]) => [pyInt(key), value]));
    this.comments = get("comments", new PyDict());
    this.retweets = get("retweets", new PyDict());
    this.followingList = get("following_list", ["alice", "bob"]);
    this.tweetCounter = get("tweet_counter", 0n);
  }

  state(): Array<[string, PyObj]> {
    return [
      ["username", this.username],
      ["password", this.password],
      ["authenticated", this.authenticated],
      ["tweets", this.tweets],
      ["comments", this.comments],
      ["retweets", this.retweets],
      ["following_list", this.followingList],
      ["tweet_counter", this.tweetCounter],
    ];
  }

  private authenticate(user: PyObj, password: PyObj): PyObj {
    if (pyEquals(user, this.username) && pyEquals(password, this.password)) {
      this.authenticated = true;
      return new PyDict([["authentication_status", true]]);
    }
    return new PyDict([["authentication_status", false]]);
  }

  private post(content: PyObj, tagsArg: PyObj, mentionsArg: PyObj): PyObj {
    // Python evaluates a default once: every call without tags shares one list (per check here).
    const tags =
      tagsArg === defaultTags ? this.context.sharedDefault("TwitterAPI.post_tweet.tags", () => []) : tagsArg;
    const mentions =
      mentionsArg === defaultMentions
        ? this.context.sharedDefault("TwitterAPI.post_tweet.mentions", () => [])
        : mentionsArg;
    if (!pyTruthy(this.authenticated))
      return errorResult("User not authenticated. Please authenticate before posting.");
    const tweet = new PyDict([
      ["id", this.tweetCounter],
      ["username", this.username],
      ["content", content],
      ["tags", tags],
      ["mentions", mentions],
    ]);
    this.tweets.set(this.tweetCounter, tweet);
    this.tweetCounter = pyAdd(this.tweetCounter, 1n);
    return tweet;
  }

  private retweet(id: PyObj): PyObj {
    if (!pyTruthy(this.authenticated)) return notAuthenticated("retweeting");
    if (!this.tweets.has(id)) return notFound(id);
    const retweets = this.retweets as PyDict;
    if (!retweets.has(this.username)) retweets.set(this.username, []);
    const mine = retweets.get(this.username) as PyObj[];
    if (pyContains(mine, id)) return new PyDict([["retweet_status", "Already retweeted"]]);
    mine.push(id);
    return new PyDict([["retweet_status", "Successfully retweeted"]]);
  }

  private comment(id: PyObj, content: PyObj): PyObj {
    if (!pyTruthy(this.authenticated)) return notAuthenticated("commenting");
    if (!this.tweets.has(id)) return notFound(id);
    const comments = this.comments as PyDict;
    if (!comments.has(id)) comments.set(id, []);
    (comments.get(id) as PyObj[]).push(
      new PyDict([
        ["username", this.username],
        ["content", content],
      ]),
    );
    return new PyDict([["comment_status", "Comment added successfully"]]);
  }

  private mention(id: PyObj, names: PyObj): PyObj {
    if (!this.tweets.has(id)) return notFound(id);
    const tweet = this.tweets.get(id) as PyDict;
    const list = tweet.get("mentions");
    if (!Array.isArray(list)) throw pyError("AttributeError", "object has no attribute 'extend'");
    list.push(...iterate(names));
    return new PyDict([["mention_status", "Users mentioned successfully"]]);
  }

  private follow(name: PyObj): PyObj {
    if (!pyTruthy(this.authenticated)) return notAuthenticated("following");
    const list = this.followingList as PyObj[];
    if (pyContains(list, name)) return new PyDict([["follow_status", false]]);
    list.push(name);
    return new PyDict([["follow_status", true]]);
  }

  private listFollowing(): PyObj {
    if (!pyTruthy(this.authenticated)) return notAuthenticated("listing following");
    return new PyDict([["following_list", this.followingList]]);
  }

  private unfollow(name: PyObj): PyObj {
    if (!pyTruthy(this.authenticated)) return notAuthenticated("unfollowing");
    const list = this.followingList as PyObj[];
    if (!pyContains(list, name)) return new PyDict([["unfollow_status", false]]);
    list.splice(
      list.findIndex((item) => pyContains([item], name)),
      1,
    );
    return new PyDict([["unfollow_status", true]]);
  }

  private userTweets(name: PyObj): PyObj {
    return this.tweets
      .values()
      .filter((tweet) => pyContains([(tweet as PyDict).get("username") as PyObj], name));
  }

  private search(keyword: PyObj): PyObj {
    const lower = strSelf(keyword, "lower").toLowerCase();
    return this.tweets.values().filter((tweet) => {
      const entry = tweet as PyDict;
      if (
        strSelf(entry.get("content") as PyObj, "lower")
          .toLowerCase()
          .includes(lower)
      )
        return true;
      return iterate(entry.get("tags") as PyObj).some((tag) => strSelf(tag, "lower").toLowerCase() === lower);
    });
  }

  private tweetComments(id: PyObj): PyObj {
    if (!this.tweets.has(id)) return notFound(id);
    const comments = this.comments as PyDict;
    return comments.has(id) ? (comments.get(id) as PyObj) : [];
  }

  private userStats(name: PyObj): PyObj {
    const tweetCount = this.tweets
      .values()
      .filter((tweet) => pyContains([(tweet as PyDict).get("username") as PyObj], name)).length;
    const following = pyEquals(name, this.username) ? (this.followingList as PyObj[]).length : 0;
    const retweets = this.retweets as PyDict;
    const retweetCount = retweets.has(name) ? (retweets.get(name) as PyObj[]).length : 0;
    return new PyDict([
      ["tweet_count", BigInt(tweetCount)],
      ["following_count", BigInt(following)],
      ["retweet_count", BigInt(retweetCount)],
    ]);
  }
}
