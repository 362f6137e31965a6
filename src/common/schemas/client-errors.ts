import * as z from 'zod/mini';
import { CLIENT_ERROR_LIMITS } from '../constants';

/**
 * What a browser tells the server when React recovered from an error on its own (a hydration mismatch, most
 * of all), which the user never sees: the page, React's message and where in the component tree it happened.
 */
export const ClientErrorReportSchema = z.object({
  kind: z.enum(['recoverable']),
  page: z.string().check(z.minLength(1), z.maxLength(CLIENT_ERROR_LIMITS.page), z.startsWith('/')),
  message: z.string().check(z.maxLength(CLIENT_ERROR_LIMITS.message)),
  componentStack: z.string().check(z.maxLength(CLIENT_ERROR_LIMITS.componentStack)),
});
export type ClientErrorReport = z.infer<typeof ClientErrorReportSchema>;
