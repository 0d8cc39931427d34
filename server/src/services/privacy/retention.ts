import { PRIVACY_RETENTION_DEFAULT_DAYS, PRIVACY_RETENTION_SETTING } from '../../../../common/privacy';
import type { AppContext } from '../../context';
import { ADDRESS_TABLES, deleteVoterCodes, dropVoterLabels, rowsWithWholeAddresses, setAddresses } from '../../db/repos/privacy/retention';
import { readSettings } from '../../db/repos/settings';
import { subnetOf } from '../gallery/subnet';

const BATCH = 1000;
const DAY_MS = 86_400_000;

export type RetentionFigures = { cutAddresses: number; droppedLabels: number; deletedCodes: number };

/**
 * Cuts the addresses older than the organiser's retention period to their network and drops what else
 * names a voter (the privacy rule in common/privacy.ts). Counts, votes and review actions are untouched: a
 * vote row stays, only its address gets coarser. Runs hourly with the sweep and is safe to repeat; `now` is
 * a parameter so a test can run it as of a later day.
 */
export async function applyRetention(ctx: AppContext, now = Date.now()): Promise<RetentionFigures> {
  const days = Number((await readSettings(ctx.db))[PRIVACY_RETENTION_SETTING] ?? PRIVACY_RETENTION_DEFAULT_DAYS);
  const before = new Date(now - days * DAY_MS).toISOString();
  let cutAddresses = 0;
  for (const table of ADDRESS_TABLES) {
    for (;;) {
      const rows = await rowsWithWholeAddresses(ctx.db, table, before, BATCH);
      const byNetwork = new Map<string, number[]>();
      for (const row of rows) {
        // Something that is no address (never expected) is cut to a fixed network so it is not met again.
        const network = subnetOf(row.ip);
        const cut = network.includes('/') ? network : '0.0.0.0/32';
        byNetwork.set(cut, [...(byNetwork.get(cut) ?? []), row.id]);
      }
      for (const [network, ids] of byNetwork) await setAddresses(ctx.db, table, ids, network);
      cutAddresses += rows.length;
      if (rows.length < BATCH) break;
    }
  }
  return { cutAddresses, droppedLabels: await dropVoterLabels(ctx.db, before), deletedCodes: await deleteVoterCodes(ctx.db, before) };
}
