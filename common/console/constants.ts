/** Console value lists shared by the server's schemas and the console SPA (kept free of zod for the browser). */
export const ENTRY_STATUSES = ['draft', 'pending', 'approved', 'rejected', 'withdrawn'] as const;
export const AWARDS = ['finalist', 'winner'] as const;
export const VOTING_RULES = ['perEntry', 'perContest', 'perEntryPerDay'] as const;
export type VotingRule = (typeof VOTING_RULES)[number];
