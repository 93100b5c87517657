import { isIPv4, isIPv6 } from "node:net";

/**
 * The network an address belongs to, as a rate-limit or quota subject (issue 33): an IPv4 address
 * itself, an IPv6 address by its /64 (`2001:db8:1:2::/64`). An IPv6 client is given a whole /64 by
 * its provider and can send each request from another address of it; keyed by the full address,
 * every limit would start afresh for each one. IPv4-mapped IPv6 (`::ffff:203.0.113.9`) is IPv4.
 * Anything else (a platform that gave no address) is kept as it is, lower-cased.
 */
export function ipNetwork(ip: string): string {
  const raw = ip.trim().toLowerCase().replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(raw);
  if (mapped && isIPv4(mapped[1])) return mapped[1];
  if (isIPv4(raw)) return raw;
  if (!isIPv6(raw)) return raw;
  // Expand "::" and an embedded IPv4 tail to eight groups, then keep the first four.
  let text = raw;
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4[1].split(".").map(Number);
    text = text.slice(0, -v4[1].length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes("::") ? text.split("::") : [text, undefined];
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill("0"), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}
