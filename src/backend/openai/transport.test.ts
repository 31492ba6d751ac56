import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { isEdgecallError } from "../../errors.js";
import { classifyNetworkError, serverErrorMessage } from "./errors.js";
import { backoffDelay, parseRetryAfter, sleep } from "./retry-timing.js";

describe("Retry-After and backoff", () => {
  it("reads seconds and HTTP dates; unreadable values are ignored", () => {
    const now = Date.parse("Wed, 21 Oct 2025 07:28:00 GMT");
    assert.equal(parseRetryAfter("2", now), 2000);
    assert.equal(parseRetryAfter(" 0.5 ", now), 500);
    assert.equal(parseRetryAfter("Wed, 21 Oct 2025 07:28:07 GMT", now), 7000);
    assert.equal(parseRetryAfter("Wed, 21 Oct 2025 07:27:00 GMT", now), 0);
    assert.equal(parseRetryAfter("soon", now), undefined);
    assert.equal(parseRetryAfter(null, now), undefined);
  });

  it("doubles per attempt with jitter in [half, full], capped", () => {
    assert.equal(
      backoffDelay(0, 500, 30_000, () => 0),
      250,
    );
    assert.equal(
      backoffDelay(0, 500, 30_000, () => 1),
      500,
    );
    assert.equal(
      backoffDelay(3, 500, 30_000, () => 1),
      4000,
    );
    assert.equal(
      backoffDelay(20, 500, 30_000, () => 1),
      30_000,
    );
    assert.equal(
      backoffDelay(20, 500, 30_000, () => 0),
      15_000,
    );
  });

  it("sleep rejects with aborted when the signal fires", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 5);
    await assert.rejects(sleep(10_000, controller.signal), (error: unknown) =>
      isEdgecallError(error, "aborted"),
    );
  });
});

describe("network error classification", () => {
  it("finds codes on the cause chain and inside AggregateErrors", () => {
    const refused = new TypeError("fetch failed", {
      cause: new AggregateError([Object.assign(new Error("x"), { code: "ECONNREFUSED" })], "connect failed"),
    });
    assert.equal(classifyNetworkError(refused), "unreachable");
    const dns = new TypeError("fetch failed", {
      cause: Object.assign(new Error("getaddrinfo"), { code: "ENOTFOUND" }),
    });
    assert.equal(classifyNetworkError(dns), "unreachable");
    const reset = new TypeError("fetch failed", {
      cause: Object.assign(new Error("other side closed"), { code: "UND_ERR_SOCKET" }),
    });
    assert.equal(classifyNetworkError(reset), "reset");
    assert.equal(classifyNetworkError(new Error("weird")), "other");
  });

  it("extracts the server's message from the common error shapes", () => {
    assert.equal(serverErrorMessage('{"error":{"message":"bad","code":400}}'), "bad");
    assert.equal(serverErrorMessage('{"error":"model \\"x\\" not found"}'), 'model "x" not found');
    assert.equal(serverErrorMessage('{"detail":"Not Found"}'), "Not Found");
    assert.equal(serverErrorMessage("  "), "(empty body)");
    assert.equal(serverErrorMessage(`<html>${"x".repeat(400)}</html>`).length, 301);
  });
});
