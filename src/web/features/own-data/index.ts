// What the own-data feature offers the others: the admin's download and delete of an account, for the All Users page.
export { UserDataActions } from './user-data-actions';
