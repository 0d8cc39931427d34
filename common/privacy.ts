/**
 * How long the site keeps the addresses that identify a voter or a visitor: votes, the vote audit, contact
 * messages and scam reports keep their full IP address (and an e-mail voter's masked address) for this many
 * days; then the address is cut to its network (/24 for IPv4, /48 for IPv6), which is all the fraud review
 * groups by once voting is over, and the masked address is dropped.
 */
export const PRIVACY_RETENTION_SETTING = 'privacy.retentionDays';
export const PRIVACY_RETENTION_DEFAULT_DAYS = 180;
export const PRIVACY_RETENTION_RANGE = { min: 7, max: 3650 } as const;
