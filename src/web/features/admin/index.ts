// What the admin area offers the others: the preview activity query, which the pitch activity page reads too.
export { previewActivityQuery } from './preview/admin-preview-api';
