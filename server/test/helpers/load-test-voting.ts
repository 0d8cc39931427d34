import { POW_BASE_RANGE } from '../../../common/challenge';
import { POW_BASE_SETTING, RATE_SETTING, STEP_UP_SETTING, SUBNET_SETTING } from '../../../common/settings-keys';
import type { AppContext } from '../../src/context';
import { writeSetting } from '../../src/db/repos/settings';
import { forgetVotingSettings } from '../../src/services/gallery/voting-settings';

/**
 * Voting settings of a load test from few addresses: no step-up, no per-address rate limit, the lowest base
 * difficulty. Used by the test suites and the benches (so it imports nothing from Vitest).
 */
export async function setLoadTestVoting(db: AppContext['db']): Promise<void> {
  for (const [key, value] of [
    [STEP_UP_SETTING, 0],
    [SUBNET_SETTING, 0],
    [POW_BASE_SETTING, POW_BASE_RANGE.min],
    [RATE_SETTING, 0],
  ] as const)
    await writeSetting(db, key, value);
  forgetVotingSettings(db);
}
