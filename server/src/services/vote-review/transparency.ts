import { Code } from '../../../../common/errors';
import { TRANSPARENCY_SETTING } from '../../../../common/settings-keys';
import type { ChainHead } from '../../../../common/vote-check';
import type { Db } from '../../db/database';
import { writeSetting } from '../../db/repos/settings';
import { AppError } from '../../errors';
import { currentChainHead } from '../gallery/transparency';
import { forgetVotingSettings, votingSettings } from '../gallery/voting-settings';

export type TransparencyState = { published: boolean; votingClosed: boolean; chain: ChainHead };

/** What the console's votes page shows of the public record: the chain's head and whether the report is out. */
export async function transparencyState(db: Db, now = new Date()): Promise<TransparencyState> {
  const [settings, chain] = await Promise.all([votingSettings(db, now), currentChainHead(db)]);
  return { published: settings.transparencyPublished, votingClosed: settings.closed, chain };
}

/** The organiser's switch; publishing is refused (2043) until voting has closed, withdrawing never is. */
export async function setTransparencyPublished(db: Db, published: boolean, now = new Date()): Promise<TransparencyState> {
  forgetVotingSettings(db);
  if (published && !(await votingSettings(db, now)).closed) throw new AppError(Code.TransparencyBeforeClose);
  await writeSetting(db, TRANSPARENCY_SETTING, published);
  forgetVotingSettings(db);
  return transparencyState(db, now);
}
