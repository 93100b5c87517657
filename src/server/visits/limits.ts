/**
 * Per-network limits of the visit endpoints (an IPv6 client by its /64: ipNetwork). A visitor reads
 * the open times a few times and books once or twice; a flood is refused with a 429.
 * VISIT_*_MAX_PER_IP raise them where every request shares one address (the browser tests' server).
 */
import type { Queryable } from "../db/index.ts";
import { ipNetwork } from "../http/ip.ts";
import { enforce, type Limit } from "../rate-limit/index.ts";

/** Bookings (each a lead for the office) per 10 minutes. */
export const VISIT_BOOK_PER_IP: Limit = { name: "visit-book-ip", max: Number(process.env.VISIT_BOOK_MAX_PER_IP) || 6, windowSeconds: 10 * 60 };
/** Reads of the open times per 10 minutes. */
export const VISIT_SLOTS_PER_IP: Limit = { name: "visit-slots-ip", max: Number(process.env.VISIT_SLOTS_MAX_PER_IP) || 120, windowSeconds: 10 * 60 };
/** Uses of a visitor's link (view, reschedule, cancel) per 10 minutes: a guessed token gets few tries. */
export const VISIT_MANAGE_PER_IP: Limit = { name: "visit-manage-ip", max: Number(process.env.VISIT_MANAGE_MAX_PER_IP) || 30, windowSeconds: 10 * 60 };

export const limitIp = (q: Queryable, limit: Limit, ip: string) => enforce(q, limit, ipNetwork(ip));
