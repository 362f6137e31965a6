import * as z from 'zod/mini';

/** Admin: whether a hold's listener company is shown in the songwriter's pitch report. */
export const HoldCompanyShownSchema = z.object({ companyShownToWriter: z.boolean() });
export type HoldCompanyShownInput = z.infer<typeof HoldCompanyShownSchema>;
