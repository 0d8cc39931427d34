/**
 * How hard the proof of work of a vote is. Below the step-up it is the organiser's base difficulty (a person's
 * browser solves it in a fraction of a second). From the step-up on (the address's counted votes in the hour
 * reach `stepUpPerHour`, or its subnet's reach `subnetPerHour`) a vote costs the organiser's step-up
 * difficulty, doubled for every further vote past the threshold. With the default step-up (80 million) the
 * first vote past it takes a script 40 million SHA-256 hashes on average (about 45 CPU seconds at the ~0.9
 * million per CPU second measured here with a native-hash solver), the next twice that, and so on:
 * bench/vote-attack.ts measures what one address then gets in an hour.
 */
/** The ceiling (2^45): still a safe integer, and beyond any solver within a challenge's life. */
export const MAX_DIFFICULTY = 2 ** 45;

export type DifficultySettings = { powBase: number; powStepUp: number; stepUpPerHour: number; subnetPerHour: number };
export type RecentVotes = { address: number; subnet: number };

/** How many votes past a threshold the next one would be (0: within both budgets). */
export function stepsPast(s: DifficultySettings, recent: RecentVotes): number {
  // 0 turns a threshold off (a load test from one address); the base still applies.
  const over = (count: number, threshold: number) => (threshold > 0 ? Math.max(0, count - threshold + 1) : 0);
  return Math.max(over(recent.address, s.stepUpPerHour), over(recent.subnet, s.subnetPerHour));
}

export function voteDifficulty(s: DifficultySettings, recent: RecentVotes): number {
  const steps = stepsPast(s, recent);
  if (steps === 0) return s.powBase;
  return Math.min(MAX_DIFFICULTY, Math.max(s.powStepUp, s.powBase) * 2 ** Math.min(steps - 1, 45));
}
