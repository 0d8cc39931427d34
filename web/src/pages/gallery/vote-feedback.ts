import type { IntlShape } from 'react-intl';
import { Code } from '../../../../common/errors';
import { ApiError, isAnnounced } from '../../api/api-error';
import { showMessage } from '../../api/feedback';
import { errorText } from '../../i18n/error-text';

/** Tells a refused or failed vote: "You have voted" as a warning, anything else as an error; a check that could not run by its own text. */
export function reportVoteFailure(err: unknown, intl: IntlShape): void {
  if (!(err instanceof ApiError)) return void showMessage('error', intl.formatMessage({ id: 'captcha.failed' }));
  if (isAnnounced(err)) return;
  void showMessage(
    err.code === Code.VoteDuplicate ? 'warning' : 'error',
    err.status === 0 || err.status >= 500 ? intl.formatMessage({ id: 'request.error' }, { status: err.status }) : errorText(err.code, err.values, err.msg),
  );
}

export function reportVoteSuccess(): void {
  void showMessage('success', errorText(Code.VoteSuccess));
}
