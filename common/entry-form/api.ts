/**
 * The entry form's HTTP surface, shared by the server routes and the two SPAs.
 *
 * Public (entrant):
 *   GET  /api/entry-form                      -> PublicEntryForm (groups in order, fields in order)
 *   The submit and change bodies of an entry carry `group` (a group key) and `answers` (Answers, by field key);
 *   a file field's answer is an upload id from the credential purpose `fieldFile`.
 *
 * Console (organiser, under /api/admin, behind the admin hook):
 *   GET    /api/admin/entry-form               -> { groups: GroupDefinition[]; fields: FieldDefinition[]; entryCounts: Record<groupKey, number> }
 *   PUT    /api/admin/entry-groups/:key         body GroupDefinition without position -> GroupDefinition (creates or updates)
 *   DELETE /api/admin/entry-groups/:key         refused while the group has entries
 *   PUT    /api/admin/entry-groups-order        body { keys: string[] }
 *   POST   /api/admin/entry-fields              body FieldDefinition without id, key, position -> FieldDefinition
 *   PUT    /api/admin/entry-fields/:id          body as POST -> FieldDefinition (type may not change once answered)
 *   DELETE /api/admin/entry-fields/:id          answers already given stay readable on their entries
 *   PUT    /api/admin/entry-fields-order        body { ids: number[] }
 *
 * Readers: the owner's entry, the console's entry detail and the juror's entry carry
 * `answers: PresentedAnswer[]` (the juror's only those visible to jurors); the console CSV has a column per field.
 */
export const ENTRY_FORM_PATH = '/api/entry-form';
export const ADMIN_ENTRY_FORM_PATH = '/api/admin/entry-form';
