/** Console value lists shared by the server's schemas and the console SPA (kept free of zod for the browser). */
export { AWARDS, ENTRY_STATUSES } from '../entry';
export const VOTING_RULES = ['perEntry', 'perContest', 'perEntryPerDay'] as const;
export type VotingRule = (typeof VOTING_RULES)[number];
