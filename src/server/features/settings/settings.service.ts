import { eq, sql } from 'drizzle-orm';
import { SITE_SETTINGS, type CommenterDisplay } from '../../../common/constants';
import type { SiteSettingsValues } from '../../../common/schemas/settings';
import { queryRows, type Db, type DbOrTx } from '../../db/client';
import { siteSettings } from '../../db/schema';
import type { Actor } from '../accounts';
import { changesOf, recordAudit } from '../audit';

/** What holds before an admin saves settings: the company is the site, reached at the admin notify address. */
export interface SettingsDefaults {
  siteName: string;
  contactEmail: string;
}

export type SiteSettings = SiteSettingsValues & { updatedAt: Date | null };

const defaultSettings = (defaults: SettingsDefaults): SiteSettings => ({
  companyLegalName: defaults.siteName,
  companyAddress: SITE_SETTINGS.defaultAddress,
  contactEmail: defaults.contactEmail,
  governingLaw: SITE_SETTINGS.defaultGoverningLaw,
  commenterDisplay: SITE_SETTINGS.defaultCommenterDisplay,
  fastReviewPriceCents: null,
  fastReviewBusinessDays: null,
  updatedAt: null,
});

const columns = {
  companyLegalName: siteSettings.companyLegalName,
  companyAddress: siteSettings.companyAddress,
  contactEmail: siteSettings.contactEmail,
  governingLaw: siteSettings.governingLaw,
  commenterDisplay: siteSettings.commenterDisplay,
  fastReviewPriceCents: siteSettings.fastReviewPriceCents,
  fastReviewBusinessDays: siteSettings.fastReviewBusinessDays,
  updatedAt: siteSettings.updatedAt,
};

/** The settings in force: the saved ones, else the defaults. */
export async function getSiteSettings({ db, defaults }: { db: DbOrTx; defaults: SettingsDefaults }): Promise<SiteSettings> {
  const [row] = await db.select(columns).from(siteSettings).where(eq(siteSettings.singleton, true));
  return row ?? defaultSettings(defaults);
}

/** An admin saves the settings (all of them at once); the audit trail keeps what changed. */
export async function saveSiteSettings({
  db,
  actor,
  values,
  defaults,
}: {
  db: Db;
  actor: Actor;
  values: SiteSettingsValues;
  defaults: SettingsDefaults;
}): Promise<SiteSettings> {
  return db.transaction(async (tx) => {
    const { updatedAt: _, ...before } = await getSiteSettings({ db: tx, defaults });
    const [saved] = await tx
      .insert(siteSettings)
      .values({ ...values, updatedBy: actor.id })
      .onConflictDoUpdate({ target: siteSettings.singleton, set: { ...values, updatedBy: actor.id, updatedAt: new Date() } })
      .returning(columns);
    const changes = changesOf(before, values);
    if (Object.keys(changes).length > 0) {
      await recordAudit(tx, {
        actor,
        action: 'site_settings.update',
        subject: { kind: 'site_settings', id: 'site' },
        summary: `Changed the site settings (${Object.keys(changes).join(', ')})`,
        changes,
      });
    }
    return saved!;
  });
}

/** How comments name their writers to other listeners: the admin's choice, anonymous until one is made. */
export async function commenterDisplay(db: DbOrTx): Promise<CommenterDisplay> {
  const [row] = await queryRows<{ display: CommenterDisplay }>(db, sql`select ${commenterDisplaySql} as display`);
  return row!.display;
}

/** The faster review as offered now (decision 0095), or null while the admin has not set it. */
export async function fastReviewOffer(db: DbOrTx): Promise<{ priceCents: number; businessDays: number } | null> {
  const [row] = await db
    .select({ priceCents: siteSettings.fastReviewPriceCents, businessDays: siteSettings.fastReviewBusinessDays })
    .from(siteSettings)
    .where(eq(siteSettings.singleton, true));
  return row?.priceCents != null && row.businessDays != null ? { priceCents: row.priceCents, businessDays: row.businessDays } : null;
}

/** commenterDisplay as a value, for a statement that reads it beside other things (the song page's). */
export const commenterDisplaySql = sql<CommenterDisplay>`coalesce((select ${siteSettings.commenterDisplay} from ${siteSettings}
  where ${siteSettings.singleton}), ${SITE_SETTINGS.defaultCommenterDisplay})`;
