import { PRIVACY_RETENTION_DEFAULT_DAYS, type PrivacyFacts } from '../../../../common/privacy';
import { PRIVACY_RETENTION_SETTING } from '../../../../common/settings-keys';
import type { Db } from '../../db/database';
import { readSettings } from '../../db/repos/settings';

/** What the built-in privacy notice states from the organiser's settings (today: how long addresses are kept whole). */
export async function privacyFacts(db: Db): Promise<PrivacyFacts> {
  return { retentionDays: Number((await readSettings(db))[PRIVACY_RETENTION_SETTING] ?? PRIVACY_RETENTION_DEFAULT_DAYS) };
}
