// What the settings feature offers the others: the company's details for agreements, and how commenters are shown.
export { commenterDisplay, commenterDisplaySql, getSiteSettings } from './settings.service';
