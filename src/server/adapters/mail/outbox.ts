import { mailOutbox } from '../../db/schema';
import type { DbOrTx } from '../../db/client';
import type { RenderedEmail } from '../../emails/layout';

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface OutgoingMail extends RenderedEmail {
  to: string;
  kind: string;
  replyTo?: string;
  attachments?: MailAttachment[];
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
      attachments: mail.attachments?.map(({ filename, contentType, content }) => ({
        filename,
        contentType,
        contentBase64: content.toString('base64'),
      })),
    })
    .returning({ id: mailOutbox.id });
  return row!.id;
}
