// Sending one mail over SMTP (nodemailer), configured by SMTP_URL. The timeouts are shorter than
// the sender's lease (sender.ts), so no mail is still being sent when another sender may claim it.
import nodemailer from "nodemailer";

export type OutgoingMessage = {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  headers: Record<string, string>;
};

/** Sends one message; throws with the SMTP server's answer when it is refused or unreachable. */
export type MailTransport = {
  send: (message: OutgoingMessage) => Promise<void>;
  close: () => void;
};

export const SMTP_TIMEOUT_MS = 30_000;

export function smtpTransport(smtpUrl: string): MailTransport {
  const url = new URL(smtpUrl);
  const secure = url.protocol === "smtps:";
  const transporter = nodemailer.createTransport({
    host: url.hostname.replace(/^\[|\]$/g, ""),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    ...(url.username
      ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } }
      : {}),
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
  return {
    send: async (message) => {
      await transporter.sendMail({
        from: message.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        messageId: message.messageId,
        headers: message.headers,
      });
    },
    close: () => transporter.close(),
  };
}
