import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { z } from 'zod';
import * as MESSAGES from '../../common/messages';
import { AppError } from './app-error';

export interface Validation {
  target: keyof ValidationTargets;
  schema: z.core.$ZodType;
}

/** Which schema each validator middleware checks, so the OpenAPI document is built from the routes themselves. */
const validations = new WeakMap<object, Validation>();

/** The target and schema of a validator made by `validate`, or undefined for any other handler. */
export function validationOf(handler: unknown): Validation | undefined {
  return typeof handler === 'function' ? validations.get(handler) : undefined;
}

/** Parses a request part with a shared schema; a failure is a 400 naming each field's first message. */
export function validate<T extends z.core.$ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) {
  const middleware = zValidator(target, schema, (result) => {
    if (!result.success) {
      const fields: Record<string, string[]> = {};
      for (const issue of result.error.issues) {
        const key = issue.path.join('.') || '_';
        (fields[key] ??= []).push(issue.message);
      }
      const first = result.error.issues[0]?.message;
      throw new AppError('INVALID', first ?? MESSAGES.generic.invalidInput, fields);
    }
  });
  validations.set(middleware, { target, schema });
  return middleware;
}
