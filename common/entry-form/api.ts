/**
 * The entry form's HTTP surface, shared by the server routes and the two SPAs.
 *
 * Public (entrant):
 *   GET  /api/entry-form                      -> PublicEntryForm (groups in order, fields in order)
 *   The submit and change bodies of an entry carry `group` (a group key) and `answers` (Answers, by field key);
 *   a file field's answer is an upload id from the credential purpose `fieldFile`. A refused answer names its
 *   field as `answers.<fieldKey>` in `data.fields` (as `uploads.video` names a file), its limit in `data.values`.
 *   Group keys are checked against the organiser's groups (4200 names `group`).
 *
 * Console (organiser, under /api/admin, behind the admin hook):
 *   GET    /api/admin/entry-form               -> { groups: GroupDefinition[]; fields: FieldDefinition[]; entryCounts: Record<groupKey, number> }
 *   PUT    /api/admin/entry-groups/:key         body GroupDefinition without key, position -> GroupDefinition (creates or updates;
 *                                               key: 2-32 of a-z 0-9 -)
 *   DELETE /api/admin/entry-groups/:key         -> { key }; refused while the group has entries (6101); its own fields go with it
 *   PUT    /api/admin/entry-groups-order        body { keys: string[] } (every key once) -> GroupDefinition[]
 *   POST   /api/admin/entry-fields              body FieldDefinition without id, key, position -> FieldDefinition
 *   PUT    /api/admin/entry-fields/:id          body as POST -> FieldDefinition (type may not change once answered)
 *   DELETE /api/admin/entry-fields/:id          -> { id }; answers already given stay readable on their entries
 *   PUT    /api/admin/entry-fields-order        body { ids: number[] } (every id once) -> FieldDefinition[]
 *   Bodies: `groupBody` / `fieldBody` in common/entry-form/schemas.ts (absent texts default to '').
 *
 * Readers: the owner's entry (`MyEntryDetail`), the console's entry detail (`AdminEntryDetail`) and the juror's entry
 * (`JuryEntryDetail`) carry `answers: PresentedAnswer[]` in the order asked (the juror's only those visible to jurors,
 * a file's value emptied; the organiser's file answers carry `fileUrl`, a five-minute signed `/api/downloads/...` link,
 * also requested as `POST /api/admin/entries/:id/files/field:<fieldKey>/link`); the console CSV has a column per field.
 *
 * A `fieldFile` upload (POST /api/uploads/credential with purpose `fieldFile`, then tus) is a JPG or PNG of at most
 * 5 MB, checked by its bytes and kept private; its answer is the upload id, and on an edit the same value keeps it.
 * Films: uploads take 1920×1080 or 1080×1920; the group's limits are checked when the entry is sent (4223-4225 name
 * `uploads.video` with `values: { value, limit }`).
 */
export const ENTRY_FORM_PATH = '/api/entry-form';
