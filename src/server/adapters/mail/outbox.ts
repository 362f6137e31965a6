import { mailOutbox } from '../../db/schema';
import type { DbOrTx } from '../../db/client';
import type { RenderedEmail } from '../../emails/layout';

export interface OutgoingMail extends RenderedEmail {
  to: string;
  kind: string;
  replyTo?: string;
}

/**
 * Queue an e-mail. Pass the transaction of the change that causes it, so the e-mail exists
 * if and only if the change does; the mail worker delivers it.
 */
export async function enqueueMail(db: DbOrTx, mail: OutgoingMail): Promise<string> {
  const [row] = await db
    .insert(mailOutbox)
    .values({
      toAddress: mail.to,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
      replyTo: mail.replyTo,
      kind: mail.kind,
    })
    .returning({ id: mailOutbox.id });
  return row!.id;
}
