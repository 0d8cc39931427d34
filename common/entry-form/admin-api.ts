/**
 * The console's path of the entry form (groups, questions and entry counts; see api.ts for the routes). Kept
 * apart from api.ts so the public pages, which import that file, carry no console address in their scripts.
 */
export const ADMIN_ENTRY_FORM_PATH = '/api/admin/entry-form';
