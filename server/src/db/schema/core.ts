import type { Generated } from 'kysely';

/**
 * Kysely table types. Times are ISO-8601 UTC strings in both dialects (they sort as text and need no
 * per-driver conversion); localized texts are JSON objects keyed by locale, stored as text (see
 * docs/ARCHITECTURE.md, "Decisions and their reasons").
 */
export type UsersTable = {
  id: Generated<number>;
  email: string;
  password_hash: string;
  role: string; // 'user' | 'admin'
  locale: string;
  verified_at: string | null;
  disabled_at: string | null;
  created_at: string;
};

export type SessionsTable = {
  id: Generated<number>;
  user_id: number;
  token_digest: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  revoked_at: string | null;
};

export type NewsTable = {
  id: Generated<number>;
  category: string;
  cover_url: string;
  published_at: string;
  status: string; // 'published' | 'draft'
  sort: number;
  i18n: string; // { [locale]: { title, summary, body } }
  created_at: string;
  updated_at: string;
};

export type JuryMembersTable = {
  id: Generated<number>;
  photo_url: string;
  sort: number;
  i18n: string; // { [locale]: { name, title, achievements: string[] } }
  created_at: string;
};

export type ExhibitionsTable = {
  id: Generated<number>;
  cover_url: string;
  media_url: string | null;
  published_at: string;
  sort: number;
  i18n: string; // { [locale]: { title, summary, body } }
  created_at: string;
};

export type SponsorsTable = {
  id: Generated<number>;
  logo_url: string;
  link: string;
  tier: string;
  sort: number;
  i18n: string; // { [locale]: { name } }
};

export type PagesTable = {
  slug: string;
  i18n: string; // { [locale]: { title, body } }
  extra: string; // JSON, e.g. { wechatQrUrl }
  updated_at: string;
  /** Null while the page is a draft: visitors see the page's empty state. */
  published_at: string | null;
};

export type TemplatesTable = {
  id: Generated<number>;
  slug: string;
  file_url: string;
  file_name: string;
  sort: number;
  i18n: string; // { [locale]: { title } }
};

export type SettingsTable = {
  key: string;
  value: string; // JSON
};

export type CoreTables = {
  users: UsersTable;
  sessions: SessionsTable;
  news: NewsTable;
  jury_members: JuryMembersTable;
  exhibitions: ExhibitionsTable;
  sponsors: SponsorsTable;
  pages: PagesTable;
  templates: TemplatesTable;
  settings: SettingsTable;
};
