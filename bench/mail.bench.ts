import { enqueueMail } from '../src/server/adapters/mail/outbox';
import { createSmtpTransport } from '../src/server/adapters/mail/transport';
import { createMailWorker } from '../src/server/adapters/mail/worker';
import { createLogger } from '../src/server/lib/logger';
import { SmtpSink } from '../tests/mail/smtp-sink';
import type { BenchApp, Row } from './support';

const MAILS = 2_000;
/** The server's default (MAIL_CONCURRENCY). */
const CONCURRENCY = 8;

const envelope = (i: number) => ({
  messageId: `<floor-${i}@pitchroom.bench>`,
  from: 'Pitchroom <no-reply@pitchroom.bench>',
  to: `reader-${i}@example.test`,
  subject: `Message ${i}`,
  text: `Body of message ${i}.`,
});

/** The floor: the same e-mails handed straight to a pooled SMTP transport, no outbox. */
async function bareSendMs(sink: SmtpSink): Promise<number> {
  const transport = createSmtpTransport(sink.url, CONCURRENCY);
  const started = performance.now();
  let next = 0;
  const lane = async () => {
    while (next < MAILS) await transport.send(envelope(next++));
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, lane));
  const ms = performance.now() - started;
  transport.close();
  return ms;
}

/** 2,000 e-mails queued in the outbox, then sent by the worker as the server runs it, to a relay on loopback. */
export async function mailBench(app: BenchApp): Promise<Row[]> {
  const sink = await new SmtpSink().start();
  try {
    const floorMs = await bareSendMs(sink);
    for (let i = 0; i < MAILS; i++)
      await enqueueMail(app.database.db, {
        to: `queued-${i}@example.test`,
        kind: 'bench',
        subject: `Queued ${i}`,
        text: `Body ${i}.`,
        html: `<p>Body ${i}.</p>`,
      });
    const transport = createSmtpTransport(sink.url, CONCURRENCY);
    const worker = createMailWorker({
      db: app.database.db,
      transport,
      from: 'Pitchroom <no-reply@pitchroom.bench>',
      messageIdDomain: 'pitchroom.bench',
      logger: createLogger('silent'),
      concurrency: CONCURRENCY,
    });
    const before = sink.received.length;
    const started = performance.now();
    worker.start();
    while (sink.received.length - before < MAILS) await new Promise((resolve) => setTimeout(resolve, 20));
    const ms = performance.now() - started;
    await worker.stop();
    transport.close();
    const perSecond = (MAILS / ms) * 1000;
    return [
      {
        id: `mail-${app.kind}-1`,
        what: `${MAILS} queued e-mails sent to a local relay (${app.kind}); floor: the same sent straight by nodemailer ${Math.round(floorMs)} ms`,
        figure: `${Math.round(ms)} ms, ${Math.round(perSecond)}/s, ×${(ms / floorMs).toFixed(2)} the floor`,
        budget: '≤ ×2 the floor, and ≥ 50/s',
        met: ms / floorMs <= 2 && perSecond >= 50,
      },
    ];
  } finally {
    await sink.stop();
  }
}
