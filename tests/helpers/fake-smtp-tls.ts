/**
 * An SMTP server on loopback that upgrades with STARTTLS (a certificate made for `localhost` at
 * start, with openssl) and then asks for AUTH PLAIN, as a real relay does. It sends nothing on:
 * it is for checking that a client reaches TLS and logs in (`npm run doctor`). A client trusts its
 * certificate with NODE_EXTRA_CA_CERTS=`caFile` (read at a Node process's start).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { TLSSocket, createSecureContext } from "node:tls";

export interface FakeTlsSmtp {
  port: number;
  caFile: string;
  /** Log-ins accepted (user names). */
  logins: string[];
  close(): Promise<void>;
}

export async function startFakeTlsSmtp(user: string, pass: string): Promise<FakeTlsSmtp> {
  const dir = mkdtempSync(join(tmpdir(), "smtp-tls-"));
  const key = join(dir, "key.pem");
  const cert = join(dir, "cert.pem");
  execFileSync("openssl", ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-keyout", key, "-out", cert, "-days", "1", "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1"], { stdio: "ignore" });
  const context = createSecureContext({ key: readFileSync(key), cert: readFileSync(cert) });
  const logins: string[] = [];
  const sockets = new Set<Socket>();

  const session = (plain: Socket) => {
    sockets.add(plain);
    let sock: Socket = plain;
    let secure = false;
    const reply = (s: string) => sock.write(`${s}\r\n`);
    const onData = (chunk: Buffer) => {
      for (const line of chunk.toString("utf8").split("\r\n").filter(Boolean)) {
        const [verb, ...rest] = line.split(" ");
        switch (verb.toUpperCase()) {
          case "EHLO":
          case "HELO":
            reply(secure ? "250-localhost\r\n250 AUTH PLAIN" : "250-localhost\r\n250 STARTTLS");
            break;
          case "STARTTLS":
            reply("220 ready for TLS");
            plain.removeListener("data", onData);
            sock = new TLSSocket(plain, { isServer: true, secureContext: context });
            sock.on("data", onData);
            sock.on("error", () => plain.destroy());
            secure = true;
            break;
          case "AUTH": {
            if (!secure) {
              reply("538 encryption required");
              break;
            }
            const [, u, p] = Buffer.from(rest[1] ?? "", "base64").toString("utf8").split("\0");
            if (u === user && p === pass) {
              logins.push(u);
              reply("235 accepted");
            } else reply("535 authentication failed");
            break;
          }
          case "QUIT":
            reply("221 bye");
            sock.end();
            break;
          default:
            reply(secure ? "250 ok" : "530 STARTTLS first");
        }
      }
    };
    plain.on("data", onData);
    plain.on("close", () => sockets.delete(plain));
    plain.on("error", () => {});
    reply("220 localhost ESMTP");
  };

  const server: Server = createServer(session);
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  return {
    port: (server.address() as AddressInfo).port,
    caFile: cert,
    logins,
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise((ok) => server.close(ok));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
