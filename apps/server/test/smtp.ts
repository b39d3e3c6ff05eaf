// A real SMTP server for the mail tests (smtp-server), on a free local port: every message it
// accepts is parsed (mailparser) and kept with its envelope. `refuse` makes it answer every
// connection with 421, as a mail server that is down for maintenance does.
import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { expect } from "vitest";
import type { TestForum } from "./harness";

export type ReceivedMail = ParsedMail & { envelopeTo: string[] };

export type TestSmtp = {
  /** SMTP_URL for the forum (with a user and password the server accepts). */
  url: string;
  received: ReceivedMail[];
  refuse: boolean;
  /** Waits until `count` mails have arrived in all (polling, no fixed sleep), and returns them. */
  waitFor: (count: number) => Promise<ReceivedMail[]>;
  close: () => Promise<void>;
};

export async function startSmtp(): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  const state = { refuse: false };
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onAuth: (auth, _session, callback) =>
      auth.username === "forum" && auth.password === "secret"
        ? callback(null, { user: auth.username })
        : callback(new Error("Invalid username or password")),
    onConnect: (_session, callback) => {
      if (!state.refuse) return callback();
      const refused = new Error("Service not available, try again later") as Error & { responseCode: number };
      refused.responseCode = 421;
      return callback(refused);
    },
    onData: (stream, session, callback) => {
      simpleParser(stream)
        .then((mail) => {
          received.push(Object.assign(mail, { envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address) }));
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://forum:secret@127.0.0.1:${port}`,
    received,
    get refuse() {
      return state.refuse;
    },
    set refuse(value: boolean) {
      state.refuse = value;
    },
    waitFor: async (count) => {
      await expect.poll(() => received.length, { timeout: 10_000, interval: 20 }).toBeGreaterThanOrEqual(count);
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A forum's options for sending to `smtp`, with links from a public address (never the Host). */
export function sendingTo(smtp: TestSmtp) {
  return {
    publicUrl: "https://forum.example.com",
    mail: { smtpUrl: smtp.url, from: "Tech Forum <forum@example.com>", background: false },
  };
}

/** Sends what is due, then answers the token `link` finds in the `count`-th mail received in all. */
export async function mailedToken(forum: TestForum, smtp: TestSmtp, count: number, link: RegExp): Promise<string> {
  await forum.app.services.mail.sender?.sendDue();
  const mails = await smtp.waitFor(count);
  const token = link.exec(mails[count - 1]?.text ?? "")?.[1];
  if (!token) throw new Error(`no link in: ${mails[count - 1]?.text}`);
  return token;
}

/** A header of a received mail as it was sent (mailparser turns some, List-* among them, into objects). */
export function headerOf(mail: ReceivedMail | undefined, name: string): string | undefined {
  const line = mail?.headerLines.find((header) => header.key === name.toLowerCase())?.line;
  return line?.slice(line.indexOf(":") + 1).trim();
}

/** The one-click unsubscribe link of a received mail's List-Unsubscribe header. */
export function unsubscribeUrlOf(mail: ReceivedMail | undefined): string {
  const url = /^<(.+)>$/.exec(headerOf(mail, "List-Unsubscribe") ?? "")?.[1];
  if (!url) throw new Error("no List-Unsubscribe header");
  return url;
}
