// What the accounts feature offers the others: the caller (Actor), accounts made and roles granted on someone's
// behalf, the sweep of unverified accounts, and the sign-in lock and sign-up cookie that songwriters' own sign-in
// shares with better-auth's; and who among the admins may write a review.
export { createVerifiedAccount, findUserIdByEmail, grantRole, revokeRole, type Actor } from './accounts.service';
export {
  admitSignInAttempt,
  clearSignInAttempts,
  isSignInLocked,
  signUpCookieName,
  signUpCookieOptions,
  signUpCookieValue,
  tellOwnersOfLock,
} from './credentials';
export { removeStaleUnverifiedAccount } from './unverified-accounts';
export { assertMayWriteReview, reviewerOtherThan } from './review-writer';
