/**
 * How hard the proof of work of a vote is. Below the step-up it is the organiser's base difficulty (a person's
 * browser solves it in well under a second). From the step-up on (the address's counted votes in the hour
 * reach `stepUpPerHour`, or its subnet's reach `subnetPerHour`) each further vote costs STEP_UP_FACTOR times
 * the base, doubled for every vote past the threshold. With the default base (20,000) the first vote past the
 * step-up takes a script about 41 million SHA-256 hashes on average (45 CPU seconds at the ~0.9 million per
 * CPU second measured here with a native-hash solver), the next twice that, and so on: bench/vote-attack.ts
 * measures what one address then gets in an hour.
 */
export const STEP_UP_FACTOR = 4096;
/** The ceiling (2^45): still a safe integer, and beyond any solver within a challenge's life. */
export const MAX_DIFFICULTY = 2 ** 45;

export type DifficultySettings = { powBase: number; stepUpPerHour: number; subnetPerHour: number };
export type RecentVotes = { address: number; subnet: number };

export function voteDifficulty(s: DifficultySettings, recent: RecentVotes): number {
  // 0 turns the rise off (a load test from one address); the base still applies.
  const over = (count: number, threshold: number) => (threshold > 0 ? Math.max(0, count - threshold + 1) : 0);
  const steps = Math.max(over(recent.address, s.stepUpPerHour), over(recent.subnet, s.subnetPerHour));
  if (steps === 0) return s.powBase;
  return Math.min(MAX_DIFFICULTY, s.powBase * STEP_UP_FACTOR * 2 ** Math.min(steps - 1, 40));
}
