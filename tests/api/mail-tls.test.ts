// Mail never crosses a network in clear text (issue 24, item 7): a server that does not offer
// STARTTLS gets nothing, unless SMTP_ALLOW_PLAINTEXT names a mail catcher on this machine.
import { createServer, type Server, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDb } from "../helpers/db.ts";
import { enqueueMail, deliver, plaintextAllowed, smtpFromEnv } from "../../src/server/mail/index.ts";

const db = useTestDb();
let server: Server;
let port = 0;
const received: string[] = [];

/** A minimal SMTP server with no STARTTLS (a plain-text relay or a catcher on the network). */
function plainSmtp(socket: Socket) {
  let data = false;
  let body = "";
  socket.write("220 plain.test ESMTP\r\n");
  socket.on("data", (chunk) => {
    for (const line of chunk.toString("utf8").split("\r\n").filter((l, i, a) => l || i < a.length - 1)) {
      if (data) {
        if (line === ".") {
          data = false;
          received.push(body);
          socket.write("250 queued\r\n");
        } else body += line + "\n";
        continue;
      }
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === "EHLO") socket.write("250-plain.test\r\n250 8BITMIME\r\n");
      else if (verb === "DATA") (data = true, (body = ""), socket.write("354 go on\r\n"));
      else if (verb === "QUIT") socket.end("221 bye\r\n");
      else socket.write("250 ok\r\n");
    }
  });
}

beforeAll(async () => {
  server = createServer(plainSmtp);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((r) => server.close(r)));

const settingsFor = (env: Record<string, string>) => smtpFromEnv({ SMTP_HOST: "127.0.0.1", SMTP_PORT: String(port), MAIL_FROM: "site@example.com", ...env })!;

describe("SMTP without TLS", () => {
  it("is refused by default: the message stays queued with the reason, nothing reached the server", async () => {
    const id = await enqueueMail(db(), { to: "owner@example.com", subject: "Choose a new password", text: "secret link" });
    const smtp = settingsFor({});
    expect(smtp.requireTLS).toBe(true);
    expect(await deliver(db(), id, smtp)).toBe(false);
    const row = (await db().query<{ sent_at: Date | null; last_error: string }>("SELECT sent_at, last_error FROM outbox WHERE id = $1", [id])).rows[0];
    expect(row.sent_at).toBeNull();
    expect(row.last_error).toBeTruthy(); // the TLS upgrade failed (the server cannot do it)
    expect(received.join("")).not.toContain("secret link");
  });

  it("is allowed to a catcher on this machine when SMTP_ALLOW_PLAINTEXT=true", async () => {
    const id = await enqueueMail(db(), { to: "dev@example.com", subject: "Local", text: "caught locally" });
    const smtp = settingsFor({ SMTP_ALLOW_PLAINTEXT: "true" });
    expect(smtp.requireTLS).toBe(false);
    expect(await deliver(db(), id, smtp)).toBe(true);
    expect(received.join("")).toContain("caught locally");
  });

  it("the plain-text switch counts only for this machine and never on a deploy", () => {
    expect(plaintextAllowed({ SMTP_ALLOW_PLAINTEXT: "true", SMTP_HOST: "localhost" })).toBe(true);
    expect(plaintextAllowed({ SMTP_ALLOW_PLAINTEXT: "true", SMTP_HOST: "smtp.example.com" })).toBe(false);
    expect(plaintextAllowed({ SMTP_ALLOW_PLAINTEXT: "true", SMTP_HOST: "127.0.0.1", CONTEXT: "production" })).toBe(false);
    expect(plaintextAllowed({ SMTP_ALLOW_PLAINTEXT: "true", SMTP_HOST: "127.0.0.1", SITE_ID: "x" })).toBe(false);
    expect(smtpFromEnv({ SMTP_HOST: "smtp.example.com", SMTP_PORT: "465" })).toMatchObject({ secure: true, requireTLS: false });
    expect(smtpFromEnv({ SMTP_HOST: "smtp.example.com", SMTP_PORT: "587" })).toMatchObject({ secure: false, requireTLS: true });
  });
});
