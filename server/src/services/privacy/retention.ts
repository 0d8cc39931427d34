import type { AppContext } from '../../context';
import {
  ADDRESS_TABLES,
  type AddressTable,
  deleteVoterCodes,
  dropVoterLabels,
  rowsWithWholeAddresses,
  STAFF_ADDRESS_TABLES,
  setAddresses,
} from '../../db/repos/privacy/retention';
import { subnetOf } from '../gallery/subnet';
import { privacyFacts } from './facts';

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
  const days = (await privacyFacts(ctx.db)).retentionDays;
  const before = new Date(now - days * DAY_MS).toISOString();
  let cutAddresses = 0;
  for (const table of ADDRESS_TABLES) cutAddresses += await cutTable(ctx, table, before);
  // Staff addresses in the audit log follow the same period; the figures count visitors' addresses.
  for (const table of STAFF_ADDRESS_TABLES) await cutTable(ctx, table, before);
  return { cutAddresses, droppedLabels: await dropVoterLabels(ctx.db, before), deletedCodes: await deleteVoterCodes(ctx.db, before) };
}

/** Cuts one table's whole addresses older than `before`, a batch at a time; returns how many. */
async function cutTable(ctx: AppContext, table: AddressTable, before: string): Promise<number> {
  let cut = 0;
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
    cut += rows.length;
    if (rows.length < BATCH) return cut;
  }
}
