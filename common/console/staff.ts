import type { Role } from '../api-types';

/**
 * Staff roles and what each may do in the console. The stored role 'admin' is the organiser (everything);
 * an editor looks after the site's content, a reviewer the entries. A juror's area is the judging pages alone.
 * The server checks every console route against this table; the console only uses it to hide what would be refused.
 */
export const CONSOLE_ACCESS = ['organiser', 'content', 'review'] as const;
export type ConsoleAccess = (typeof CONSOLE_ACCESS)[number];

const GRANTS: Record<Role, readonly ConsoleAccess[]> = {
  admin: CONSOLE_ACCESS,
  editor: ['content'],
  reviewer: ['review'],
  juror: [],
  user: [],
};

export function mayAccess(role: Role, access: ConsoleAccess): boolean {
  return GRANTS[role].includes(access);
}

/** Roles that open the organiser's console (a juror signs in there too, but only to judge). */
export function isStaff(role: Role): boolean {
  return GRANTS[role].length > 0;
}

/** The roles the organiser hands out on the users page; jurors come only through the jury invitation. */
export const ASSIGNABLE_ROLES = ['user', 'admin', 'editor', 'reviewer'] as const;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];
