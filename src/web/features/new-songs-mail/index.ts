// What the new-songs e-mail feature offers the others: its switch for the account page.
export { NewSongsMailSetting } from './new-songs-mail-setting';
