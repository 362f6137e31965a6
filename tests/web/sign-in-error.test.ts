import { expect, test } from 'vitest';
import * as MESSAGES from '../../src/common/messages';
import { describeSignInError } from '../../src/web/features/accounts/sign-in-error';
import { ApiError } from '../../src/web/lib/api';

test('better-auth answers become our own texts on the sign-in page', () => {
  expect(describeSignInError(new ApiError('Invalid email or password', 401, 'INVALID_EMAIL_OR_PASSWORD'))).toEqual({
    message: MESSAGES.auth.invalidCredentials,
    unverified: false,
  });
  expect(describeSignInError(new ApiError('Email not verified', 403, 'EMAIL_NOT_VERIFIED'))).toEqual({
    message: MESSAGES.auth.emailNotConfirmed,
    unverified: true,
  });
  expect(describeSignInError(new ApiError('Too many requests', 429, 'TOO_MANY_REQUESTS')).message).toBe('Too many requests');
  expect(describeSignInError(new Error('boom')).message).toBe(MESSAGES.generic.unexpected);
});
