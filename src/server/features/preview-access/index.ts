// What the preview-access feature offers the others: a preview user's company, and how far listeners got in a song.
export { playReach } from './listen-depth.service';
export { requestCompany } from './request-company';
