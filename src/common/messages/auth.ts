export const auth = {
  invalidCredentials: 'Invalid email or password',
  emailNotConfirmed: 'Please confirm your email address',
  signedIn: 'Logged in successfully',
  checkingAccess: 'Checking your access…',
  loggedOutTitle: 'Logged Out',
  loggedOutBody: 'You have been successfully logged out.',
  logoutFailed: 'Failed to log out',
  resetEmailSent: 'If an account exists for that address, we have sent a link to reset the password.',
  resetDone: 'Your password has been reset. Please sign in.',
  resetLinkInvalid: 'This reset link is invalid or has expired. Please ask for a new one.',
  verificationSent: 'Check your inbox: we sent you a link to confirm your email address.',
  resendVerification: 'Send the confirmation email again',
} as const;
