import { POW_BASE_RANGE } from '../../../common/challenge';
import type { AppContext } from '../../src/context';
import { writeSetting } from '../../src/db/repos/settings';
import { forgetVotingSettings } from '../../src/services/gallery/voting-settings';

/**
 * Voting settings of a load test from few addresses: no step-up, no per-address rate limit, the lowest base
 * difficulty. Used by the test suites and the benches (so it imports nothing from Vitest).
 */
export async function setLoadTestVoting(db: AppContext['db']): Promise<void> {
  for (const [key, value] of [
    ['voting.stepUpPerHour', 0],
    ['voting.subnetPerHour', 0],
    ['voting.powBase', POW_BASE_RANGE.min],
    ['voting.ratePerMinute', 0],
  ] as const)
    await writeSetting(db, key, value);
  forgetVotingSettings(db);
}
