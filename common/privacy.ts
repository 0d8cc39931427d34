import type { Entry } from './entry';

/**
 * How long the site keeps the addresses that identify a voter or a visitor: votes, the vote audit, contact
 * messages and scam reports keep their full IP address (and an e-mail voter's masked address) for this many
 * days; then the address is cut to its network (/24 for IPv4, /48 for IPv6), which is all the fraud review
 * groups by once voting is over, and the masked address is dropped.
 */
export const PRIVACY_RETENTION_DEFAULT_DAYS = 180;
export const PRIVACY_RETENTION_RANGE = { min: 7, max: 3650 } as const;

/** The public answer of GET /api/privacy: what the built-in notice needs to say truthfully. */
export type PrivacyFacts = { retentionDays: number };

/** The domain of the address an erased account keeps: `.invalid` is reserved, so no mail can ever reach it. */
export const ERASED_EMAIL_DOMAIN = 'erased.invalid';

/** What one erasure removed, as counts (the record names nobody). */
export type ErasureCounts = {
  entries: number;
  files: number;
  sessions: number;
  tokens: number;
  contactMessages: number;
  scamReports: number;
};

/** A row of the console's erasure record: `by` null when the person deleted their own account. */
export type ErasureRecord = { id: number; userId: number; by: { id: number; email: string | null } | null; at: string; counts: ErasureCounts };

/**
 * An entry in a person's data export: every field the owner may see (not the organiser's private storage key, not
 * the film's renditions), the answers to the organiser's fields as the owner reads them (a file answer names its
 * upload in `files`), and the review decisions as the owner is told them: what and when, the reason of a
 * rejection, never who.
 */
export type ExportedEntry = Omit<Entry, 'empowerKey' | 'film'> & { reviews: { action: string; note: string | null; at: string }[] };

/** GET /api/account/export: everything the site holds about the signed-in person. */
export type AccountExport = {
  exportedAt: string;
  account: { id: number; email: string; locale: string; role: string; verifiedAt: string | null; createdAt: string };
  entries: ExportedEntry[];
  /** Every file uploaded, by its metadata (the bytes are not part of the export). */
  files: {
    id: string;
    purpose: string;
    originalName: string;
    size: number;
    /** The format the server measured (image, video or archive type), with the rest of what it measured in `meta`. */
    type: string | null;
    meta: Record<string, unknown>;
    status: string;
    entryId: number | null;
    createdAt: string;
    updatedAt: string;
  }[];
  sessions: { createdAt: string; lastSeenAt: string; expiresAt: string; revokedAt: string | null }[];
  contactMessages: { name: string; email: string; content: string; locale: string; ip: string; createdAt: string }[];
  /** Votes cast while voting was by signed-in account. */
  votes: { entryId: number; entryNo: number | null; title: string; ip: string; createdAt: string }[];
};
