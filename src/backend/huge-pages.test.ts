import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  hugePagesAllowed,
  hugePageTunableValue,
  residentHugePageBytes,
  weightsInHugePages,
  withHugePageTunable,
} from "./huge-pages.js";

describe("huge pages", () => {
  it("reads glibc.malloc.hugetlb among other tunables (the last one wins, as in glibc)", () => {
    assert.equal(hugePageTunableValue({}), undefined);
    assert.equal(hugePageTunableValue({ GLIBC_TUNABLES: "" }), undefined);
    assert.equal(hugePageTunableValue({ GLIBC_TUNABLES: "glibc.malloc.hugetlb=1" }), "1");
    assert.equal(
      hugePageTunableValue({
        GLIBC_TUNABLES: "glibc.malloc.arena_max=2:glibc.malloc.hugetlb=0:glibc.malloc.hugetlb=2",
      }),
      "2",
    );
    assert.equal(hugePageTunableValue({ GLIBC_TUNABLES: "glibc.malloc.hugetlbx=1" }), undefined);
  });

  it("is on only on Linux, when allowed, with the tunable at 1 or 2", () => {
    const tunable = { GLIBC_TUNABLES: "glibc.malloc.hugetlb=1" };
    assert.equal(weightsInHugePages(tunable, "linux"), true);
    assert.equal(weightsInHugePages({ GLIBC_TUNABLES: "glibc.malloc.hugetlb=2" }, "linux"), true);
    assert.equal(weightsInHugePages(tunable, "darwin"), false);
    assert.equal(weightsInHugePages({ ...tunable, EDGECALL_HUGE_PAGES: "0" }, "linux"), false);
    assert.equal(weightsInHugePages({ GLIBC_TUNABLES: "glibc.malloc.hugetlb=0" }, "linux"), false);
    assert.equal(weightsInHugePages({}, "linux"), false);
  });

  it("accepts the usual spellings of off in EDGECALL_HUGE_PAGES", () => {
    for (const value of ["0", "false", "OFF", " no "])
      assert.equal(hugePagesAllowed({ EDGECALL_HUGE_PAGES: value }), false, value);
    for (const value of [undefined, "1", "yes", ""])
      assert.equal(hugePagesAllowed({ EDGECALL_HUGE_PAGES: value }), true, String(value));
  });

  it("adds the tunable to a child's environment, keeping the others and the user's own choice", () => {
    assert.deepEqual(withHugePageTunable({ PATH: "/bin" }, "linux"), {
      PATH: "/bin",
      GLIBC_TUNABLES: "glibc.malloc.hugetlb=1",
    });
    assert.deepEqual(withHugePageTunable({ GLIBC_TUNABLES: "glibc.malloc.arena_max=2" }, "linux"), {
      GLIBC_TUNABLES: "glibc.malloc.arena_max=2:glibc.malloc.hugetlb=1",
    });
    const userChoice = { GLIBC_TUNABLES: "glibc.malloc.hugetlb=0" };
    assert.equal(withHugePageTunable(userChoice, "linux"), userChoice);
    const off = { EDGECALL_HUGE_PAGES: "0" };
    assert.equal(withHugePageTunable(off, "linux"), off);
    const mac = { PATH: "/bin" };
    assert.equal(withHugePageTunable(mac, "darwin"), mac);
  });

  it("reads this process's huge-page bytes where /proc has them", () => {
    const bytes = residentHugePageBytes();
    if (process.platform === "linux") {
      assert.equal(typeof bytes, "number");
      assert.ok(bytes! >= 0 && bytes! % 1024 === 0);
    } else assert.equal(bytes, undefined);
  });
});
