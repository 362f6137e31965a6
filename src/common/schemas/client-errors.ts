import * as z from 'zod/mini';
import { CLIENT_ERROR_LIMITS } from '../constants';
import { plainText } from './fields';

const tooLong = 'Too long';

/**
 * What a browser tells the server when React recovered from an error on its own (a hydration mismatch, most
 * of all), which the user never sees: the page, React's message and where in the component tree it happened.
 */
export const ClientErrorReportSchema = z.object({
  kind: z.enum(['recoverable']),
  page: plainText(CLIENT_ERROR_LIMITS.page, tooLong).check(z.minLength(1), z.startsWith('/')),
  message: plainText(CLIENT_ERROR_LIMITS.message, tooLong, { multiLine: true }),
  componentStack: plainText(CLIENT_ERROR_LIMITS.componentStack, tooLong, { multiLine: true }),
});
export type ClientErrorReport = z.infer<typeof ClientErrorReportSchema>;
