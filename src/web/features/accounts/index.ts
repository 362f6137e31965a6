// What the accounts feature offers the others: the "check your e-mail" notice every sign-up form ends with.
export { CheckEmailNotice } from './check-email-notice';
