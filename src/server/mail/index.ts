import type { Queryable } from "../db/index.ts";
import { recordAttempt } from "../pipes/health.ts";
import { deploySettings, mailAllowed, strictDeploy, type MailPolicy } from "../settings/context.ts";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What the message is for (lead-notify, lead-confirm, password-reset…), for the admin and tests. */
  kind?: string;
  /** Files it carries (a visit's calendar invite), kept in outbox_attachments. */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  /** e.g. "text/calendar; charset=utf-8; method=PUBLISH". */
  contentType: string;
  content: string;
}

export interface SmtpSettings {
  host: string;
  port: number;
  secure: boolean;
  /** Refuse to send unless the server upgrades the connection with STARTTLS (when not `secure`). */
  requireTLS: boolean;
  user?: string;
  pass?: string;
  from: string;
  /** On a preview: only these recipients get real mail (PREVIEW_MAIL_ALLOW); the rest stay in the outbox. */
  policy?: MailPolicy;
}

/**
 * SMTP settings, or null (every message stays in the outbox): without SMTP_HOST, and on a
 * preview or branch deploy unless PREVIEW_MAIL_ALLOW names who may get its mail.
 */
export function smtpFromEnv(env: NodeJS.ProcessEnv = process.env): SmtpSettings | null {
  if (!env.SMTP_HOST) return null;
  const { mail } = deploySettings(env);
  if (mail.mode === "outbox") return null;
  const port = Number(env.SMTP_PORT || 587);
  const secure = env.SMTP_SECURE ? env.SMTP_SECURE === "true" : port === 465;
  return {
    ...(mail.mode === "allow-list" ? { policy: mail } : {}),
    host: env.SMTP_HOST,
    port,
    secure,
    requireTLS: !secure && !plaintextAllowed(env),
    user: env.SMTP_USER || undefined,
    pass: env.SMTP_PASS || undefined,
    from: env.MAIL_FROM || env.SMTP_USER || "no-reply@localhost",
  };
}

const LOOPBACK = new Set(["localhost", "127.0.0.1", "::1", "[::1]"]);

/**
 * Mail (password-reset links, customers' details) never crosses a network in clear text: TLS is
 * required unless SMTP_ALLOW_PLAINTEXT=true names a mail catcher on this machine, and never on a
 * deploy.
 */
export function plaintextAllowed(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.SMTP_ALLOW_PLAINTEXT === "true" && LOOPBACK.has((env.SMTP_HOST ?? "").toLowerCase()) && !strictDeploy(env);
}

/** The SMTP connection every message goes out on (and `npm run doctor` checks): TLS 1.2+, required. */
export async function smtpTransport(smtp: SmtpSettings) {
  const nodemailer = await import("nodemailer");
  return nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    requireTLS: smtp.requireTLS,
    tls: { minVersion: "TLSv1.2" },
    auth: smtp.user ? { user: smtp.user, pass: smtp.pass } : undefined,
    connectionTimeout: 5000,
    greetingTimeout: 5000,
    socketTimeout: 10000,
  });
}

/**
 * Every message is first written to the `outbox` table (so nothing is lost when the mailer is
 * down), then delivered over SMTP when SMTP is configured. Without SMTP it stays in the outbox,
 * marked as delivered locally, and is printed to the dev log.
 */
export async function sendMail(q: Queryable, msg: MailMessage, smtp = smtpFromEnv()): Promise<{ id: number; delivered: boolean }> {
  const id = await enqueueMail(q, msg);
  return { id, delivered: await dispatchMail(q, id, smtp) };
}

/**
 * Only writes the message to the outbox (e.g. inside the transaction that stores what it is
 * about); `dispatchMail` or the scheduled `deliverPending` sends it later.
 */
export async function enqueueMail(q: Queryable, msg: MailMessage): Promise<number> {
  const r = await q.query<{ id: string }>(
    `INSERT INTO outbox (to_address, subject, text_body, html_body, kind) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [msg.to, msg.subject, msg.text, msg.html ?? null, msg.kind ?? "general"],
  );
  const id = Number(r.rows[0].id);
  for (const a of msg.attachments ?? []) {
    await q.query("INSERT INTO outbox_attachments (outbox_id, filename, content_type, content) VALUES ($1, $2, $3, $4)", [id, a.filename, a.contentType, a.content]);
  }
  return id;
}

/** The files a queued message carries, in the order they were added. */
export async function mailAttachments(q: Queryable, id: number): Promise<MailAttachment[]> {
  const r = await q.query<{ filename: string; content_type: string; content: string }>("SELECT filename, content_type, content FROM outbox_attachments WHERE outbox_id = $1 ORDER BY id", [id]);
  return r.rows.map((a) => ({ filename: a.filename, contentType: a.content_type, content: a.content }));
}

/** Sends one queued message: over SMTP when configured, else marks it kept locally. */
export async function dispatchMail(q: Queryable, id: number, smtp = smtpFromEnv()): Promise<boolean> {
  if (smtp) return deliver(q, id, smtp);
  return keep(q, id, deploySettings().preview && process.env.SMTP_HOST ? "preview deploy" : "no SMTP configured");
}

/** Marks a message as done without sending it: it stays readable in the outbox (and the dev log). */
async function keep(q: Queryable, id: number, why: string): Promise<boolean> {
  const r = await q.query<{ to_address: string; subject: string }>(
    "UPDATE outbox SET sent_at = now(), attempts = 1 WHERE id = $1 AND sent_at IS NULL RETURNING to_address, subject",
    [id],
  );
  const m = r.rows[0];
  if (m && process.env.LOG_SILENT !== "1") console.log(`[mail] (${why}; kept in outbox #${id}) to ${m.to_address}: ${m.subject}`);
  return true;
}

/** Tries one outbox message over SMTP; records the outcome and schedules a retry with backoff. */
export async function deliver(q: Queryable, id: number, smtp: SmtpSettings): Promise<boolean> {
  const r = await q.query<{ to_address: string; subject: string; text_body: string; html_body: string | null; attempts: number }>(
    "SELECT to_address, subject, text_body, html_body, attempts FROM outbox WHERE id = $1 AND sent_at IS NULL",
    [id],
  );
  const m = r.rows[0];
  if (!m) return true;
  if (smtp.policy && !mailAllowed(smtp.policy, m.to_address)) return keep(q, id, "preview deploy; recipient not in PREVIEW_MAIL_ALLOW");
  try {
    const transport = await smtpTransport(smtp);
    const attachments = (await mailAttachments(q, id)).map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content }));
    await transport.sendMail({ from: smtp.from, to: m.to_address, subject: m.subject, text: m.text_body, html: m.html_body ?? undefined, ...(attachments.length ? { attachments } : {}) });
    await q.query("UPDATE outbox SET sent_at = now(), attempts = attempts + 1, last_error = NULL WHERE id = $1", [id]);
    await recordAttempt(q, "smtp", null);
    return true;
  } catch (e) {
    const attempts = Number(m.attempts) + 1;
    const backoff = Math.min(3600, 30 * 2 ** Math.min(attempts, 7));
    const error = e instanceof Error ? e.message.slice(0, 500) : String(e);
    await q.query(
      "UPDATE outbox SET attempts = $2, last_error = $3, next_attempt_at = now() + make_interval(secs => $4) WHERE id = $1",
      [id, attempts, error, backoff],
    );
    if (!refusedForThisMessage(e)) await recordAttempt(q, "smtp", error);
    return false;
  }
}

/**
 * The server took the connection and the log-in but refused this message's recipient (a visitor's
 * mistyped address): the message's problem, not a sign that mail is down.
 */
function refusedForThisMessage(e: unknown): boolean {
  const err = e as { code?: string; command?: string };
  return err?.code === "EENVELOPE" && (err.command === "RCPT TO" || err.command === "API");
}

/** Retries every due, undelivered message (run from a scheduled function). */
export async function deliverPending(q: Queryable, smtp = smtpFromEnv(), limit = 50): Promise<{ tried: number; sent: number }> {
  if (!smtp) return { tried: 0, sent: 0 };
  const due = await q.query<{ id: string }>(
    "SELECT id FROM outbox WHERE sent_at IS NULL AND next_attempt_at <= now() ORDER BY id LIMIT $1",
    [limit],
  );
  let sent = 0;
  for (const { id } of due.rows) if (await deliver(q, Number(id), smtp)) sent++;
  return { tried: due.rows.length, sent };
}
