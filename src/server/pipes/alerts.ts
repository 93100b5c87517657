/**
 * Telling the office that a pipe is down, once per outage (issue 25, item 9). The scheduled jobs
 * call `checkPipes` after their runs: a pipe down for an hour opens an alert (one row of
 * pipe_alerts, at most one open per pipe) and the office gets one e-mail; when the pipe works
 * again the alert closes with one more. When mail itself is down, an error line in the log takes
 * the e-mail's place. The dashboard reads the same state through `pipeReports`.
 */
import type { Db, Queryable } from "../db/index.ts";
import type { Logger } from "../logs/logger.ts";
import { OFFICE_TIME_ZONE } from "../../lib/wall-clock.ts";
import { dispatchMail, enqueueMail, smtpFromEnv, type MailMessage } from "../mail/index.ts";
import { zohoFromEnv } from "../crm/config.ts";
import { siteBase } from "../settings/context.ts";
import { officeAddress } from "../leads/notify.ts";
import { waitingForPipes, type Waiting } from "../leads/waiting.ts";
import type { PipeReport } from "../../lib/contracts/pipes.ts";
import { forgetFailures, pipeState, readHealth, type Pipe, type PipeHealth } from "./health.ts";

const NAME: Record<Pipe, string> = { zoho: "Zoho CRM sync", smtp: "E-mail from the website" };

/** What the office should do, in the alert e-mail (the dashboard says the same in Hebrew). */
const ADVICE: Record<Pipe, string> = {
  zoho:
    "If the error names the token (invalid_client, invalid_code, INVALID_TOKEN), Zoho's refresh token has expired or was revoked: " +
    "make a new one in the Zoho API Console and put it in ZOHO_REFRESH_TOKEN in the site's Netlify environment variables, then redeploy. " +
    "Otherwise check status.zoho.com and the other ZOHO_ settings there.",
  smtp:
    "Check the mail settings in the site's Netlify environment variables (SMTP_HOST, SMTP_PORT, SMTP_USER, SMTP_PASS, MAIL_FROM) " +
    "and the mail account at its provider (password changed, account locked, sending limit).",
};

const configured: Record<Pipe, () => boolean> = { zoho: () => !!zohoFromEnv(), smtp: () => !!smtpFromEnv() };

/** The office is in Cape Coral: its own clock, with the zone named. */
const officeClock = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZone: OFFICE_TIME_ZONE,
  timeZoneName: "short",
});
const when = (d: Date) => officeClock.format(d);

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

function waitingLine(pipe: Pipe, w: Waiting): string {
  return pipe === "zoho"
    ? `${plural(w.crmLeads, "lead")} waiting for Zoho`
    : `${plural(w.mailLeads, "lead")} whose office e-mail is waiting, ${plural(w.mailMessages, "message")} waiting in all`;
}

function downMail(to: string, h: PipeHealth, w: Waiting): MailMessage {
  const admin = siteBase("");
  return {
    to,
    subject: `${NAME[h.pipe]} has failed for an hour: ${plural(h.pipe === "zoho" ? w.crmLeads : w.mailLeads, "lead")} waiting`,
    text: [
      `Every attempt of the ${NAME[h.pipe]} has failed since ${when(h.failingSince!)} (${plural(h.failures, "attempt")}).`,
      `${waitingLine(h.pipe, w)}. They are kept safe in the website's database and go out by themselves once it works again.`,
      h.lastError ? `Last error: ${h.lastError}` : "",
      "",
      `What to do: ${ADVICE[h.pipe]}`,
      "",
      admin ? `The back office shows the state: ${admin}/admin` : "The back office's dashboard shows the state.",
      "You get one more e-mail when it works again.",
    ]
      .filter((l, i, a) => l !== "" || a[i - 1] !== "")
      .join("\n"),
    kind: "pipe-alert",
  };
}

function recoveredMail(to: string, h: PipeHealth, since: Date, w: Waiting): MailMessage {
  return {
    to,
    subject: `${NAME[h.pipe]} works again`,
    text: [
      `The ${NAME[h.pipe]} works again (at ${when(h.lastSuccessAt!)}); every attempt had failed since ${when(since)}.`,
      `Still waiting: ${waitingLine(h.pipe, w)}. The retry job sends them within minutes.`,
    ].join("\n"),
    kind: "pipe-recovered",
  };
}

/** Who hears about this pipe: mail's own outage goes to the log (it could not be mailed). */
async function mailTo(pipe: Pipe): Promise<string | null> {
  return pipe === "smtp" ? null : officeAddress();
}

/** Opens the pipe's alert unless one is open; returns whether this call opened it. */
async function openAlert(db: Db, h: PipeHealth, log: Logger, now: Date): Promise<boolean> {
  const to = await mailTo(h.pipe);
  const w = await waitingForPipes(db);
  const mailId = await db.tx(async (q) => {
    const r = await q.query<{ id: string }>(
      `INSERT INTO pipe_alerts (pipe, failing_since, opened_at, opened_notice) VALUES ($1, $2, $3, $4)
       ON CONFLICT (pipe) WHERE closed_at IS NULL DO NOTHING RETURNING id`,
      [h.pipe, h.failingSince, now, to ? "mail" : "log"],
    );
    if (!r.rows[0]) return undefined;
    // In the same transaction: the alert exists exactly when its e-mail is queued.
    return to ? enqueueMail(q, downMail(to, h, w)) : null;
  });
  if (mailId === undefined) return false;
  log.error(
    `${NAME[h.pipe]} down: every attempt has failed since ${h.failingSince!.toISOString()}; ${waitingLine(h.pipe, w)}. ` +
      `Last error: ${h.lastError ?? "none recorded"}. ${mailId ? `The office was e-mailed (outbox #${mailId}).` : `What to do: ${ADVICE[h.pipe]}`}`,
  );
  if (mailId) await dispatchMail(db, mailId).catch((e) => log.warn(`Alert e-mail #${mailId} not sent yet: ${e instanceof Error ? e.message : e}`));
  return true;
}

/** Closes the pipe's open alert if an attempt has worked since the outage began; returns whether it did. */
async function closeAlert(db: Db, h: PipeHealth, log: Logger, now: Date): Promise<boolean> {
  const to = await officeAddress();
  const w = await waitingForPipes(db);
  const closed = await db.tx(async (q) => {
    const r = await q.query<{ failing_since: Date }>(
      `UPDATE pipe_alerts SET closed_at = $2, closed_notice = $3 WHERE pipe = $1 AND closed_at IS NULL AND failing_since <= $4 RETURNING failing_since`,
      [h.pipe, now, to ? "mail" : "log", h.lastSuccessAt],
    );
    if (!r.rows[0]) return undefined;
    const since = new Date(r.rows[0].failing_since);
    return { since, mailId: to ? await enqueueMail(q, recoveredMail(to, h, since, w)) : null };
  });
  if (!closed) return false;
  log.info(`${NAME[h.pipe]} works again (down since ${closed.since.toISOString()}); ${waitingLine(h.pipe, w)}`);
  if (closed.mailId) {
    const id = closed.mailId;
    await dispatchMail(db, id).catch((e) => log.warn(`Recovery e-mail #${id} not sent yet: ${e instanceof Error ? e.message : e}`));
  }
  return true;
}

/** A pipe whose settings were removed: nothing tries it, so its outage ends without a notice. */
async function switchedOff(db: Db, pipe: Pipe, log: Logger, now: Date): Promise<boolean> {
  await forgetFailures(db, pipe);
  const r = await db.query("UPDATE pipe_alerts SET closed_at = $2, closed_notice = 'off' WHERE pipe = $1 AND closed_at IS NULL", [pipe, now]);
  if (r.rowCount) log.info(`${NAME[pipe]} is switched off; its open alert is closed`);
  return r.rowCount > 0;
}

/**
 * Checks `pipes` and tells the office what changed. Returns a summary for the job's log line
 * ('' when nothing changed). `now` is the clock the attempts were recorded with.
 */
export async function checkPipes(db: Db, pipes: readonly Pipe[], log: Logger, now = new Date()): Promise<string> {
  const health = await readHealth(db);
  const said: string[] = [];
  for (const pipe of pipes) {
    const h = health[pipe];
    if (!configured[pipe]()) {
      if (await switchedOff(db, pipe, log, now)) said.push(`${pipe} alert closed (switched off)`);
    } else if (pipeState(h, now) === "down") {
      if (await openAlert(db, h, log, now)) said.push(`${pipe} alert opened`);
    } else if (h.lastSuccessAt && (await closeAlert(db, h, log, now))) {
      said.push(`${pipe} alert closed (works again)`);
    }
  }
  return said.join("; ");
}

/** Each pipe's state for the dashboard, judged with the same clock and rule as the alerts. */
export async function pipeReports(q: Queryable, now = new Date()): Promise<PipeReport[]> {
  const health = await readHealth(q);
  const w = await waitingForPipes(q);
  const open = await q.query<{ pipe: Pipe; opened_at: Date }>("SELECT pipe, opened_at FROM pipe_alerts WHERE closed_at IS NULL");
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  const openedAt = (pipe: Pipe) => {
    const row = open.rows.find((r) => r.pipe === pipe);
    return row ? new Date(row.opened_at) : null;
  };
  return Object.values(health).map((h) => ({
    pipe: h.pipe,
    state: pipeState(h, now),
    lastSuccessAt: iso(h.lastSuccessAt),
    failingSince: iso(h.failingSince),
    lastFailureAt: iso(h.lastFailureAt),
    failures: h.failures,
    lastError: h.failingSince ? h.lastError : null,
    waitingLeads: h.pipe === "zoho" ? w.crmLeads : w.mailLeads,
    waitingMessages: h.pipe === "smtp" ? w.mailMessages : null,
    alertOpenedAt: iso(openedAt(h.pipe)),
  }));
}
