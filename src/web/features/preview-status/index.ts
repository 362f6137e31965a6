// What the preview-status feature offers the others: the query key of one's own preview request, so a new
// request refreshes the status page's data.
export { MY_PREVIEW_REQUEST_KEY } from './preview-status-api';
