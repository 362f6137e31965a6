import type { ContactInput } from '../../../common/schemas/contact';
import type { Db } from '../../db/client';
import { enqueueMail } from '../../adapters/mail/outbox';
import { contactMessageEmail } from '../../emails/contact-message';
import type { EmailContext } from '../../emails/layout';

/** A contact message is not stored as such: it goes to the admin through the outbox. */
export async function sendContactMessage({
  db,
  input,
  adminEmail,
  emailCtx,
}: {
  db: Db;
  input: ContactInput;
  adminEmail: string;
  emailCtx: EmailContext;
}): Promise<void> {
  await enqueueMail(db, {
    to: adminEmail,
    replyTo: input.email,
    kind: 'contact',
    ...contactMessageEmail(emailCtx, input),
  });
}
