export const auth = {
  invalidCredentials: 'Invalid email or password',
  emailNotConfirmed: 'Please confirm your email address',
  signedIn: 'Logged in successfully',
  checkingAccess: 'Checking your access…',
  loggedOutTitle: 'Logged Out',
  loggedOutBody: 'You have been successfully logged out.',
  /** The admin panel's Logout says it in its own words. */
  adminLoggedOut: 'Logged out successfully',
  verificationLinkFailed:
    'This confirmation link has expired or has been used already. Log in with your email and password, and you will be offered a new one.',
  logoutFailed: 'Failed to log out',
  resetEmailSent: 'If an account exists for that address, we have sent a link to reset the password.',
  resetDone: 'Your password has been reset. Please sign in.',
  resetLinkInvalid: 'This reset link is invalid or has expired. Please ask for a new one.',
  verificationSent: 'Check your inbox: we sent you a link to confirm your email address.',
  resendVerification: 'Send the confirmation email again',
  resendFailed: 'Could not send the email again',
  /** A sign-in while the address is locked after repeated wrong passwords, the right password included. */
  tooManySignInAttempts:
    'Too many failed sign-in attempts for this email address. Sign-in is paused for 15 minutes; if the address has an account, we have emailed it a link to choose a new password.',
  /** Ending one session by its token, when no session of the caller's has it. */
  sessionNotFound: 'None of your sessions has that token: nothing was signed out.',
} as const;
