import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { isEdgecallError } from "../errors.js";
import { hostHeaderName, isLoopbackName, isServedHostName } from "./host-names.js";
import { carriesBody, isJsonContentType } from "./json-content-type.js";
import { checkWebRequest, type WebGuardOptions, type WebVerdict } from "./web-guard.js";
import { allowedHostNames, commaList, corsOrigins } from "./web-guard-options.js";

const options: WebGuardOptions = {
  boundAddress: "127.0.0.1",
  allowedHosts: ["gpu-box.lan"],
  corsOrigins: ["http://localhost:5173"],
  cors: {
    methods: ["GET", "POST"],
    requestHeaders: ["authorization", "content-type"],
    exposedHeaders: ["x-id"],
  },
};

function check(
  headers: Record<string, string>,
  method = "GET",
  hasBody = false,
  guard = options,
): WebVerdict {
  return checkWebRequest({ method, hasBody, header: (name) => headers[name] }, guard);
}

describe("the Host header's name", () => {
  it("is read without port or brackets, and malformed values are none", () => {
    assert.equal(hostHeaderName("LocalHost:8080"), "localhost");
    assert.equal(hostHeaderName("[::1]:80"), "::1");
    assert.equal(hostHeaderName("example.com."), "example.com");
    assert.equal(hostHeaderName("127.0.0.1"), "127.0.0.1");
    for (const bad of ["", "a b", "[zz]:1", "x:y", "user@host", "[::1]x", "host:123456"]) {
      assert.equal(hostHeaderName(bad), undefined, bad);
    }
  });

  it("is served when loopback, the bound address or allowed; a wildcard bind adds this machine's addresses", () => {
    for (const name of ["localhost", "127.0.0.1", "127.9.9.9", "::1", "::ffff:127.0.0.1"]) {
      assert.ok(isLoopbackName(name), name);
      assert.ok(isServedHostName(name, "127.0.0.1", []), name);
    }
    assert.equal(isServedHostName("rebound.example", "127.0.0.1", []), false);
    assert.equal(isServedHostName("localhost.example", "127.0.0.1", []), false);
    assert.equal(isServedHostName("10.1.2.3", "127.0.0.1", []), false);
    assert.ok(isServedHostName("10.1.2.3", "10.1.2.3", []));
    assert.ok(isServedHostName("box.lan", "127.0.0.1", ["Box.Lan"]));
    // Bound to every interface: any address of this machine, never a name.
    assert.equal(isServedHostName("rebound.example", "0.0.0.0", []), false);
    assert.equal(isServedHostName("203.0.113.77", "0.0.0.0", []), false);
  });
});

describe("the JSON content type", () => {
  it("is application/json with at most a UTF-8 charset", () => {
    for (const ok of [
      "application/json",
      "Application/JSON",
      "application/json; charset=utf-8",
      'application/json;charset="UTF-8"',
      "application/json;",
    ]) {
      assert.ok(isJsonContentType(ok), ok);
    }
    for (const bad of [
      undefined,
      "",
      "text/plain",
      "text/plain;charset=UTF-8",
      "application/json-seq",
      "application/jsonx",
      "application/json; charset=latin1",
      "application/json; boundary=x",
      "multipart/form-data",
      "application/x-www-form-urlencoded",
    ]) {
      assert.equal(isJsonContentType(bad), false, String(bad));
    }
  });

  it("is needed when a length above zero or a transfer encoding says there is a body", () => {
    assert.equal(carriesBody(undefined, undefined), false);
    assert.equal(carriesBody("0", undefined), false);
    assert.ok(carriesBody("12", undefined));
    assert.ok(carriesBody(undefined, "chunked"));
  });
});

describe("checkWebRequest", () => {
  it("refuses a Host not served (403) before looking at anything else", () => {
    const hosts: Record<string, string>[] = [{}, { host: "rebound.example:8080" }, { host: "bad host" }];
    for (const headers of hosts) {
      const verdict = check({ ...headers, origin: "http://localhost:5173" }, "POST", true);
      assert.equal(verdict.kind, "refuse");
      if (verdict.kind === "refuse") {
        assert.equal(verdict.status, 403);
        assert.equal(verdict.code, "host_not_allowed");
        assert.match(verdict.message, /--allowed-hosts/);
      }
    }
    assert.equal(check({ host: "gpu-box.lan:8080" }).kind, "pass");
  });

  it("refuses an Origin not given with --cors, and another site's page without one", () => {
    const refused: Record<string, string>[] = [
      { host: "localhost", origin: "http://evil.example" },
      { host: "localhost", origin: "null" },
      { host: "localhost", origin: "http://localhost:5174" },
      { host: "localhost", "sec-fetch-site": "cross-site" },
      { host: "localhost", "sec-fetch-site": "same-site" },
    ];
    for (const headers of refused) {
      const verdict = check(headers);
      assert.equal(verdict.kind === "refuse" && verdict.code, "origin_not_allowed", JSON.stringify(headers));
    }
    for (const site of ["same-origin", "none"]) {
      assert.equal(check({ host: "localhost", "sec-fetch-site": site }).kind, "pass", site);
    }
    const none = check({ host: "localhost", origin: "http://localhost:5173" }, "GET", false, {
      ...options,
      corsOrigins: [],
    });
    assert.equal(none.kind, "refuse");
  });

  it("answers an allowed origin's preflight and puts CORS headers on its replies only", () => {
    const preflight = check(
      { host: "localhost", origin: "http://localhost:5173", "access-control-request-method": "POST" },
      "OPTIONS",
    );
    assert.deepEqual(preflight, {
      kind: "preflight",
      headers: {
        "access-control-allow-origin": "http://localhost:5173",
        vary: "Origin",
        "access-control-allow-methods": "GET, POST",
        "access-control-allow-headers": "authorization, content-type",
        "access-control-max-age": "600",
      },
    });
    const reply = check(
      { host: "localhost", origin: "http://localhost:5173", "content-type": "application/json" },
      "POST",
      true,
    );
    assert.deepEqual(reply, {
      kind: "pass",
      headers: {
        vary: "Origin",
        "access-control-allow-origin": "http://localhost:5173",
        "access-control-expose-headers": "x-id",
      },
    });
    assert.deepEqual(check({ host: "localhost" }), { kind: "pass", headers: { vary: "Origin" } });
    assert.deepEqual(check({ host: "localhost" }, "GET", false, { ...options, corsOrigins: [] }), {
      kind: "pass",
      headers: {},
    });
  });

  it("refuses a body that is not application/json with 415, also from an allowed origin", () => {
    const verdict = check(
      { host: "127.0.0.1:1", origin: "http://localhost:5173", "content-type": "text/plain;charset=UTF-8" },
      "POST",
      true,
    );
    assert.equal(verdict.kind === "refuse" && verdict.status, 415);
    assert.equal(check({ host: "127.0.0.1:1" }, "POST", true).kind, "refuse");
    assert.equal(check({ host: "127.0.0.1:1" }, "POST", false).kind, "pass");
    assert.equal(
      check({ host: "127.0.0.1:1", "content-type": "application/json" }, "POST", true).kind,
      "pass",
    );
  });
});

describe("--cors and --allowed-hosts values", () => {
  it("are comma lists that add up over repetitions", () => {
    assert.deepEqual(commaList("a, b,", commaList("c", undefined)), ["c", "a", "b"]);
  });

  it("keep origins and names, and refuse what cannot match with a usage error naming the option", () => {
    assert.deepEqual(corsOrigins(["http://localhost:5173/", "https://App.example", "http://x.test:80"]), [
      "http://localhost:5173",
      "https://app.example",
      "http://x.test",
    ]);
    for (const bad of [
      "localhost:5173",
      "http://x/path",
      "ftp://x",
      "http://x?q",
      "*",
      "null",
      "http://u@x",
    ]) {
      assert.throws(
        () => corsOrigins([bad]),
        (error) => isEdgecallError(error, "usage") && error.subject === "--cors",
        bad,
      );
    }
    assert.deepEqual(allowedHostNames(["GPU-box.lan", "[fe80::1]", "10.0.0.2", "my_host."]), [
      "gpu-box.lan",
      "fe80::1",
      "10.0.0.2",
      "my_host",
    ]);
    for (const bad of ["box:8080", "http://box", "a b", "*", ""]) {
      assert.throws(
        () => allowedHostNames([bad]),
        (error) => isEdgecallError(error, "usage") && error.subject === "--allowed-hosts",
        bad,
      );
    }
  });
});
