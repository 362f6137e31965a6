import * as z from 'zod/mini';

/** GET /backup: `bucket=copy` copies an S3 bucket's objects into the archive (from disk they always are). */
export const BackupQuerySchema = z.object({
  bucket: z.optional(z.enum(['keys', 'copy'])),
});
export type BackupQuery = z.infer<typeof BackupQuerySchema>;
