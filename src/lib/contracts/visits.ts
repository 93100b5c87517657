/**
 * The free site visit (issue 35): the shapes the booking page, the visitor's change page, the
 * back office's calendar and the server share. No imports: the booking page's bundle loads it.
 * Every slot is said in the office's zone (OFFICE_TIME_ZONE, src/lib/wall-clock.ts).
 */

/** Where a quote request leaves the visitor's details for /book (sessionStorage), so they are not typed twice. */
export const VISIT_PREFILL_KEY = "visit-prefill";
/** The page a visitor's e-mail links to, with the link's token after '#t='. */
export const VISIT_CHANGE_PATH = "/book/change";

/** A slot as the API names it: start and end (ISO instants), and its local date and time in Cape Coral. */
export interface PublicSlot {
  start: string;
  end: string;
  /** YYYY-MM-DD in Cape Coral. */
  date: string;
  /** "HH:MM" (24-hour) in Cape Coral. */
  time: string;
}

/** GET /api/public/visits/slots. */
export interface SlotsAnswer {
  zone: string;
  visitMinutes: number;
  /** The first and last day a visitor may book now (YYYY-MM-DD). */
  from: string;
  to: string;
  /** Free slots, earliest first. */
  slots: PublicSlot[];
}

/** `data` of POST /api/public/visits: booked (201), or outside the service area (200: the office got the request as a lead). */
export type BookAnswer = { booked: true; visit: PublicSlot } | { booked: false; reason: "outside-area"; zip: string };

/** `data` of a 409 (the slot was taken meanwhile): the next free slots. */
export interface SlotTakenData {
  next: PublicSlot[];
}

export type VisitState = "scheduled" | "done" | "no-show" | "cancelled";

/** What the visitor's link shows (POST /api/public/visits/manage). */
export interface ManagedVisit {
  status: VisitState;
  slot: PublicSlot;
  zip: string;
}

/** `data` of POST /api/public/visits/manage: the visit, and for 'view' the slots it may move to. */
export interface ManageAnswer {
  visit: ManagedVisit;
  slots?: PublicSlot[];
}

/** Why a visitor's link no longer works (`reason` of its 4xx): each gets its own clear page. */
export type LinkProblem = "invalid" | "expired" | "used" | "cancelled" | "past";

/** GET /api/admin/visits: one visit as the office's calendar shows it, with its lead's details. */
export interface AdminVisit {
  id: string;
  leadId: string;
  slot: PublicSlot;
  status: VisitState;
  bookedBy: "online" | "office";
  /** The staff member who booked it (an office booking). */
  bookedByUser: string | null;
  fullName: string;
  phone: string;
  phoneE164: string | null;
  email: string;
  address: string;
  zip: string;
  /** The service (the lead's subject). */
  subject: string;
  notes: string;
  /** Its Zoho Event: 'synced', 'pending' (waiting for the deal, or to be retried), 'disabled' (no CRM). */
  crm: "pending" | "synced" | "disabled";
  createdAt: string;
}

/** GET /api/admin/visits: the visits of the days asked for, and what the calendar needs to draw them. */
export interface AdminVisitsAnswer {
  visits: AdminVisit[];
  /** Today in Cape Coral (YYYY-MM-DD). */
  today: string;
  visitMinutes: number;
}

/** GET /api/admin/visits/slots?date=: the office's grid of that day, each free or not (the office may also pick its own time). */
export interface AdminDaySlots {
  date: string;
  slots: (PublicSlot & { free: boolean })[];
}

/** GET /api/admin/visits/feed: this staff member's private calendar feed (its address is shown once, when made). */
export interface FeedState {
  active: boolean;
  createdAt: string | null;
  lastFetchedAt: string | null;
  /** Only in the answer that made it. */
  url?: string;
}

/** The visit a lead card shows (read-only): its next or latest visit. */
export interface LeadVisit {
  id: string;
  slot: PublicSlot;
  status: VisitState;
}
