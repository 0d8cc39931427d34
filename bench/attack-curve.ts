import { type DifficultySettings, voteDifficulty } from '../server/src/services/gallery/vote-difficulty';

/**
 * The attacker's hour from the difficulty curve alone: one address votes as fast as a solver of
 * `hashesPerSecond` (all its cores together) allows, each vote costing its expected half of the difficulty the
 * server then asks (the base up to the step-up threshold, then the step-up difficulty doubled per vote). Network
 * time is left out and so is a challenge's ten-minute life (both only help the defender), so this is an upper
 * bound for that solver.
 */
export function votesPerHourOnCurve(s: DifficultySettings, hashesPerSecond: number, seconds = 3600): { votes: number; lastDifficulty: number } {
  let left = seconds;
  let votes = 0;
  let lastDifficulty = 0;
  // One address is in its own subnet too: both counters move with every vote.
  for (; votes < 1_000_000; votes++) {
    const difficulty = voteDifficulty(s, { address: votes, subnet: votes });
    const cost = difficulty / 2 / hashesPerSecond;
    if (cost > left) break;
    left -= cost;
    lastDifficulty = difficulty;
  }
  return { votes, lastDifficulty };
}
