import { constants } from 'node:fs';
import { access, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface MailEnvelope {
  /** Stable per outbox row, so a receiver can recognise a retry of the same e-mail. */
  messageId: string;
  from: string;
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: { filename: string; contentType: string; content: Buffer }[];
  headers?: Record<string, string>;
}

/** Where the outbox worker hands e-mails: `.eml` files by default, SMTP when SMTP_URL is set. */
export interface MailTransport {
  readonly name: 'file' | 'smtp';
  send(mail: MailEnvelope): Promise<void>;
  /** Resolves when mail can be handed over now (readiness): the folder is writable, the relay greets and signs in. */
  check(): Promise<void>;
  close(): void;
}

const toNodemailer = (mail: MailEnvelope) => ({
  messageId: mail.messageId,
  from: mail.from,
  to: mail.to,
  replyTo: mail.replyTo,
  subject: mail.subject,
  text: mail.text,
  html: mail.html,
  attachments: mail.attachments,
  headers: mail.headers,
});

/** Writes each e-mail as an RFC 822 `.eml` file under DATA_DIR/mail; the admin Outbox page shows them too. */
export function createFileTransport(folder: string): MailTransport {
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    name: 'file',
    async send(mail) {
      const info = await builder.sendMail(toNodemailer(mail));
      await mkdir(folder, { recursive: true });
      const safeId = mail.messageId.replace(/[^a-zA-Z0-9.@-]/g, '');
      await writeFile(path.join(folder, `${safeId}.eml`), info.message as Buffer);
    },
    async check() {
      await mkdir(folder, { recursive: true });
      await access(folder, constants.W_OK);
    },
    close: () => builder.close(),
  };
}

/**
 * SMTP through a pool of kept connections, as many as e-mails are sent at once; the URL's own query (`?pool=false`,
 * `maxConnections=`) wins. Each step has a timeout, so a relay that hangs fails the try and the outbox retries.
 */
export function createSmtpTransport(url: string, maxConnections = 1): MailTransport {
  const smtp = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 60_000,
  });
  return {
    name: 'smtp',
    async send(mail) {
      await smtp.sendMail(toNodemailer(mail));
    },
    async check() {
      await smtp.verify();
    },
    close: () => smtp.close(),
  };
}
