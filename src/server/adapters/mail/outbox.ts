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
  /** Extra header lines, by name. */
  headers?: Record<string, string>;
}

/**
 * A mailing's unsubscribe headers: List-Unsubscribe (RFC 2369) at the signed link, and List-Unsubscribe-Post
 * (RFC 8058), which tells the reader's mail service it may turn the mailing off by a bare POST to that link,
 * with no page, session or cookie. The link must do so.
 */
export const listUnsubscribeHeaders = (oneClickUrl: string): Record<string, string> => ({
  'List-Unsubscribe': `<${oneClickUrl}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

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
      headers: mail.headers,
      attachments: mail.attachments?.map(({ filename, contentType, content }) => ({
        filename,
        contentType,
        contentBase64: content.toString('base64'),
      })),
    })
    .returning({ id: mailOutbox.id });
  return row!.id;
}
