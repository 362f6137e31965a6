import * as z from 'zod/mini';
import { LIMITS } from '../constants';
import * as MESSAGES from '../messages';
import { emailField, requiredText } from './fields';

const v = MESSAGES.validation;

export const ContactSchema = z.object({
  name: requiredText(v.nameRequired, LIMITS.nameMax, v.nameTooLong),
  email: emailField,
  subject: requiredText(v.subjectRequired, LIMITS.contactSubjectMax),
  message: requiredText(v.messageRequired, LIMITS.contactMessageMax, undefined, { multiLine: true }),
});
export type ContactInput = z.infer<typeof ContactSchema>;
