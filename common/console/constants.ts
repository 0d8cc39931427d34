/** Console value lists shared by the server's schemas and the console SPA (kept free of zod for the browser). */
export { AWARDS, ENTRY_STATUSES } from '../entry';
export { VOTING_RULES, type VotingRule } from '../gallery';
