import { useCallback, useEffect, useRef } from 'react';
import type { ChallengePurpose } from '../../../common/challenge';
import { solvedChallenge } from './solve';

/**
 * A `purpose` challenge solved in the background from the moment the page shows, so the person never waits
 * for it. `take()` hands over that solution (one more solve now if the background one failed; it rejects if
 * that fails too) and starts the next one, since a challenge pays for one attempt only.
 */
export function useBackgroundSolution(purpose: ChallengePurpose): () => Promise<string> {
  const solution = useRef<Promise<string>>(undefined);
  const solveNext = useCallback(() => {
    const next = solvedChallenge(purpose);
    // Kept for take(); a failure here is only reported if the retry in take() fails too.
    next.catch(() => undefined);
    solution.current = next;
  }, [purpose]);
  useEffect(() => solveNext(), [solveNext]);

  return useCallback(async () => {
    try {
      return await (solution.current ?? Promise.reject(new Error('not started'))).catch(() => solvedChallenge(purpose));
    } finally {
      solveNext();
    }
  }, [purpose, solveNext]);
}
