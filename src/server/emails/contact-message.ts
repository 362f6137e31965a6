import { renderEmail, type EmailContext } from './layout';

export const contactMessageEmail = (ctx: EmailContext, data: { name: string; email: string; subject: string; message: string }) =>
  renderEmail(ctx, `Contact form: ${data.subject}`, [
    `${data.name} <${data.email}> wrote through the contact form:`,
    data.message,
    'Reply to this email to answer them.',
  ]);
