import { describe, expect, it } from "vitest";
import { ipNetwork } from "../../src/server/http/ip.ts";
import { subjectOf } from "../../src/server/leads/photo-quota.ts";

// Issue 33: an IPv6 client owns a /64; per-IP limits keyed by the full address started afresh
// for every address it used.
describe("the network an address is limited by", () => {
  it.each([
    ["203.0.113.9", "203.0.113.9"],
    ["::ffff:203.0.113.9", "203.0.113.9"],
    ["2001:db8:1:2::1", "2001:db8:1:2::/64"],
    ["2001:db8:1:2:aaaa:bbbb:cccc:dddd", "2001:db8:1:2::/64"],
    ["2001:0DB8:0001:0002:0000:0000:0000:0009", "2001:db8:1:2::/64"],
    ["[2001:db8:1:2::9]", "2001:db8:1:2::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["2001:db8::", "2001:db8:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["64:ff9b::192.0.2.33", "64:ff9b:0:0::/64"],
    ["unknown", "unknown"],
  ])("%s → %s", (ip, network) => {
    expect(ipNetwork(ip)).toBe(network);
  });

  it("gives every address of one /64 the same key, and another /64 another", () => {
    const keys = new Set(Array.from({ length: 50 }, (_, i) => ipNetwork(`2001:db8:abcd:12::${((i * 7919) % 0xffff).toString(16)}:${i.toString(16)}`)));
    expect([...keys]).toEqual(["2001:db8:abcd:12::/64"]);
    expect(ipNetwork("2001:db8:abcd:13::1")).not.toBe(ipNetwork("2001:db8:abcd:12::1"));
  });
});

// The photo quota (20 MB a day per client) is charged to the same network: a client rotating through
// its /64 cannot use up the day's 200 MB for everyone (issue 33, item 4).
describe("the photo quota's subject", () => {
  it("is one for every address of a /64, another for the next /64, and the address itself for IPv4", () => {
    expect(subjectOf("2001:db8:1:2::1")).toBe(subjectOf("2001:db8:1:2:ffff:ffff:ffff:fffe"));
    expect(subjectOf("2001:db8:1:2::1")).not.toBe(subjectOf("2001:db8:1:3::1"));
    expect(subjectOf("203.0.113.9")).not.toBe(subjectOf("203.0.113.10"));
    expect(subjectOf("::ffff:203.0.113.9")).toBe(subjectOf("203.0.113.9"));
  });
});
