// What the settings feature offers the others: the company's details for agreements, how commenters are shown,
// and the faster review as offered now.
export { commenterDisplay, commenterDisplaySql, fastReviewOffer, getSiteSettings } from './settings.service';
