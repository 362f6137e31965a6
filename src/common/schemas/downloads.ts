import * as z from 'zod/mini';

/** The admin's choice for a preview user's access or a pitch link: stream only (false) or download allowed. */
export const DownloadPermissionSchema = z.object({ downloadAllowed: z.boolean() });
export type DownloadPermission = z.output<typeof DownloadPermissionSchema>;
