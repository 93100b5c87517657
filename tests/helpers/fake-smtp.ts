/**
 * A plain-text SMTP server on a loopback port for tests (reach it with SMTP_ALLOW_PLAINTEXT=true).
 * It asks for a log-in and keeps what it is sent; on demand it refuses every log-in (as a server
 * does after its password changed) or one recipient (a mistyped address).
 */
import { createServer, type Socket } from "node:net";
import type { AddressInfo } from "node:net";

export interface FakeSmtp {
  port: number;
  /** Each accepted message: its recipients and its raw text (headers and body). */
  received: { to: string[]; data: string }[];
  /** While true, every AUTH answers 535 (the log-in is refused). */
  refuseLogins: boolean;
  /** Recipients answered 550 at RCPT TO. */
  refuseRecipients: Set<string>;
  /** The settings that point the mailer here, for process.env. */
  env(): Record<string, string>;
  close(): Promise<void>;
}

export async function startFakeSmtp(): Promise<FakeSmtp> {
  const sockets = new Set<Socket>();
  const fake: FakeSmtp = {
    port: 0,
    received: [],
    refuseLogins: false,
    refuseRecipients: new Set(),
    env: () => ({
      SMTP_HOST: "127.0.0.1",
      SMTP_PORT: String(fake.port),
      SMTP_ALLOW_PLAINTEXT: "true",
      SMTP_USER: "site@example.com",
      SMTP_PASS: "mail-password",
      MAIL_FROM: "site@example.com",
    }),
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };

  const session = (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    let inData = false;
    let data = "";
    let to: string[] = [];
    let buffer = "";
    const say = (line: string) => socket.write(`${line}\r\n`);
    say("220 fake.test ESMTP");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      let at: number;
      while ((at = buffer.indexOf("\r\n")) >= 0) {
        const line = buffer.slice(0, at);
        buffer = buffer.slice(at + 2);
        if (inData) {
          if (line === ".") {
            inData = false;
            fake.received.push({ to, data });
            say("250 2.0.0 queued");
          } else data += `${line}\n`;
          continue;
        }
        const verb = line.split(" ")[0].toUpperCase();
        if (verb === "EHLO") socket.write("250-fake.test\r\n250-AUTH PLAIN LOGIN\r\n250 8BITMIME\r\n");
        else if (verb === "AUTH") say(fake.refuseLogins ? "535 5.7.8 Authentication credentials invalid" : "235 2.7.0 Authentication successful");
        else if (verb === "MAIL") (to = []), say("250 2.1.0 ok");
        else if (verb === "RCPT") {
          const address = /<([^>]*)>/.exec(line)?.[1] ?? "";
          if (fake.refuseRecipients.has(address)) say("550 5.1.1 no such user here");
          else to.push(address), say("250 2.1.5 ok");
        } else if (verb === "DATA") (inData = true), (data = ""), say("354 go on");
        else if (verb === "QUIT") socket.end("221 2.0.0 bye\r\n");
        else say("250 ok");
      }
    });
  };

  const server = createServer(session);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  fake.port = (server.address() as AddressInfo).port;
  return fake;
}
