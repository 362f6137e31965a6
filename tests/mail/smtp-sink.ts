import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  raw: string;
  messageId: string;
  envelopeTo: string[];
}

/**
 * A real SMTP server in this process that keeps every message it accepts. It can be stopped and
 * started again on the same port, as a mail relay that goes down and comes back.
 */
export class SmtpSink {
  readonly received: ReceivedMail[] = [];
  port = 0;
  /** Called with each message once it is stored and before it is acknowledged: the sender does not yet know it arrived. */
  onReceived: ((mail: ReceivedMail) => void) | undefined;
  /** When set, each message is stored at once but acknowledged only once this settles: a relay that is slow to answer. */
  acknowledgeAfter: Promise<unknown> | undefined;
  /** The most SMTP sessions that were open at one time: a pooled sender's connections. */
  mostSessionsAtOnce = 0;
  private sessionsOpen = 0;
  private server: SMTPServer | undefined;

  async start(): Promise<this> {
    const server = new SMTPServer({
      authOptional: true,
      // A self-signed STARTTLS offer would make nodemailer's upgrade fail; plain SMTP on loopback is enough here.
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      disableReverseLookup: true,
      onConnect: (_session, callback) => {
        this.mostSessionsAtOnce = Math.max(this.mostSessionsAtOnce, ++this.sessionsOpen);
        callback();
      },
      onClose: () => {
        this.sessionsOpen--;
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const mail = { raw, messageId: headerOf(raw, 'message-id') ?? '', envelopeTo: session.envelope.rcptTo.map((r) => r.address) };
          this.received.push(mail);
          this.onReceived?.(mail);
          if (this.acknowledgeAfter) void this.acknowledgeAfter.then(() => callback());
          else callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.port = (server.server.address() as AddressInfo).port;
    this.server = server;
    return this;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** How many times each Message-ID arrived. */
  countsByMessageId(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const m of this.received) counts.set(m.messageId, (counts.get(m.messageId) ?? 0) + 1);
    return counts;
  }
}

/** The headers of an RFC 5322 message, unfolded, keyed by lower-case name (first occurrence wins). */
export function parseHeaders(raw: string): Map<string, string> {
  const end = raw.search(/\r?\n\r?\n/);
  const block = end === -1 ? raw : raw.slice(0, end);
  const headers = new Map<string, string>();
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) throw new Error(`Not a header line: ${JSON.stringify(line)}`);
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
  }
  return headers;
}

export function headerOf(raw: string, name: string): string | undefined {
  return parseHeaders(raw).get(name.toLowerCase());
}
