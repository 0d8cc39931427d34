import { Button, Checkbox, Form, Input } from 'antd';
import type { Rule } from 'antd/es/form';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { IntlShape } from 'react-intl';
import { FormattedMessage, useIntl } from 'react-intl';
import { GROUPS } from '../../../../common/constants';
import type { Answers, AnswerValue, PublicGroup } from '../../../../common/entry-form/definitions';
import { Code } from '../../../../common/errors';
import {
  ENTRY_TEXT_LIMITS,
  type EntryTextField,
  isOptionalUpload,
  type MyEntryDetail,
  UPLOAD_PURPOSES,
  type UploadPurpose,
} from '../../../../common/schemas/entry';
import { ApiError, isAnnounced } from '../../api/api-error';
import { showMessage } from '../../api/feedback';
import { showFieldErrors } from '../../api/form-errors';
import { request } from '../../api/request';
import { CheckList } from '../../components/CheckList';
import { PrivacyNote } from '../../components/PrivacyNote';
import { TitledSection } from '../../components/TitledSection';
import { errorText } from '../../i18n/error-text';
import { type Draft, type DraftFile, loadDraft, saveDraft } from './draft';
import { ExtraFields } from './extra/ExtraFields';
import { GroupDetails, GroupRadios } from './extra/GroupChoice';
import { fieldsFor, useEntryFormDefinition } from './extra/use-entry-form';
import { UploadField } from './UploadField';

/** The entry's texts; `rows` makes a text area. The team's fields have their own section. */
const TEXT_FIELDS: { name: EntryTextField; rows?: number }[] = [
  { name: 'title' },
  { name: 'description', rows: 5 },
  { name: 'slogan' },
  { name: 'team' },
  { name: 'teamDesc', rows: 4 },
];
const CONFIRM_RULES = ['submit.rules.subtitles', 'submit.rules.noLogo', 'submit.rules.original'] as const;

type Props = {
  empowerMaxBytes: number;
  /** The entry being edited; absent for a new entry. */
  editing?: MyEntryDetail;
  onDone: (result: { id: number; submissionNo?: string }) => void;
};

/**
 * The entry form: texts with the catalogued {max}/{min} messages, the five files and an optional trailer, the rules to confirm.
 * A new entry is saved as a draft on this device as the person types; files already uploaded are kept in it.
 */
export function EntryForm({ empowerMaxBytes, editing, onDone }: Props) {
  const intl = useIntl();
  const [form] = Form.useForm();
  const initial: Draft = useMemo(() => (editing ? { values: {}, files: {} } : loadDraft()), [editing]);
  const [files, setFiles] = useState<Partial<Record<UploadPurpose, DraftFile>>>(initial.files);
  // The files as of the last change, for the required-file rule: it runs right after an upload, before React
  // has rendered the new `files` (reading the state there flagged every accepted file as missing).
  const filesNow = useRef(files);
  // Optional files of the entry being edited that the person removed (sent as null on save).
  const [cleared, setCleared] = useState<UploadPurpose[]>([]);
  const [busy, setBusy] = useState(false);
  const chosenGroup = Form.useWatch<string | undefined>('group', form);
  const definition = useEntryFormDefinition();
  const groups = definition.data?.groups ?? (definition.isError ? fallbackGroups(intl) : []);
  const group = groups.find((g) => g.key === chosenGroup);
  const extraFields = fieldsFor(definition.data, chosenGroup);
  const [savedAt, setSavedAt] = useState<number | null>(null);

  useEffect(() => {
    if (editing) {
      form.setFieldsValue({
        title: editing.title,
        titleEn: editing.titleEn ?? '',
        description: editing.description,
        team: editing.team,
        teamDesc: editing.teamDesc,
        slogan: editing.slogan,
        group: editing.group,
        answers: answersOf(editing),
      });
    } else form.setFieldsValue(initial.values);
  }, [editing, form, initial]);

  const persist = (nextFiles = filesNow.current) => {
    if (editing) return;
    const { confirmRules: _skip, ...values } = form.getFieldsValue(true) as Record<string, unknown>;
    saveDraft({ values, files: nextFiles });
    setSavedAt(Date.now());
  };

  const setFile = (purpose: UploadPurpose, file: DraftFile | undefined) => {
    const next = { ...filesNow.current };
    if (file) next[purpose] = file;
    else delete next[purpose];
    filesNow.current = next;
    setFiles(next);
    persist(next);
    form.setFieldValue(['uploads', purpose], file?.id);
    if (file) {
      setCleared((list) => list.filter((p) => p !== purpose));
      void form.validateFields([['uploads', purpose]]).catch(() => undefined);
    }
  };

  const removeFile = (purpose: UploadPurpose) => {
    setFile(purpose, undefined);
    if (editing?.files[purpose]) setCleared((list) => [...list.filter((p) => p !== purpose), purpose]);
  };

  const textRules = (name: EntryTextField): Rule[] => {
    const { min, max } = ENTRY_TEXT_LIMITS[name];
    return [
      { required: true, whitespace: true, message: intl.formatMessage({ id: 'submit.rule.required' }) },
      { min, message: intl.formatMessage({ id: 'submit.rule.min' }, { min }) },
      { max, message: intl.formatMessage({ id: 'submit.rule.max' }, { max }) },
    ];
  };

  const submit = async (values: Record<string, unknown>) => {
    const uploads = Object.fromEntries(
      UPLOAD_PURPOSES.flatMap((p): [UploadPurpose, string | null][] => {
        const id = files[p]?.id;
        if (id && id !== editing?.files[p]?.id) return [[p, id]];
        return cleared.includes(p) ? [[p, null]] : [];
      }),
    );
    const given = (values.answers ?? {}) as Answers;
    // Only the questions of the chosen group: answers typed under another group stay in the draft, not in the entry.
    const answers = Object.fromEntries(
      extraFields.flatMap((field): [string, AnswerValue][] => {
        const v = cleanAnswer(given[field.key]);
        return v === undefined ? [] : [[field.key, v]];
      }),
    );
    const body = { ...values, uploads, answers };
    setBusy(true);
    try {
      if (editing) {
        await request(`/api/entries/mine/${editing.id}`, { method: 'PUT', body, level: 'silent' });
        onDone({ id: editing.id });
      } else {
        onDone(await request<{ id: number; submissionNo: string }>('/api/entries', { method: 'POST', body, level: 'silent' }));
      }
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      if (isAnnounced(err)) return; // the expired session: already told, on the way to the login
      showFieldErrors(form, err);
      // Server or network failures read as the catalogued "Submit failed"; rule refusals name the rule.
      const failed = errorText(Code.SubmitFailed);
      const serverSide = err.status === 0 || err.status >= 500;
      void showMessage('error', serverSide ? failed : errorText(err.code, err.values, err.msg || failed));
    } finally {
      setBusy(false);
    }
  };

  const textItems = (team: boolean) =>
    TEXT_FIELDS.filter((f) => f.name.startsWith('team') === team).flatMap((f) => [
      <Form.Item key={f.name} name={f.name} label={intl.formatMessage({ id: `submit.field.${f.name}` })} rules={textRules(f.name)}>
        {f.rows ? (
          <Input.TextArea rows={f.rows} showCount maxLength={ENTRY_TEXT_LIMITS[f.name].max} />
        ) : (
          <Input showCount maxLength={ENTRY_TEXT_LIMITS[f.name].max} />
        )}
      </Form.Item>,
      ...(f.name === 'title' ? [englishTitleItem()] : []),
    ]);

  // Optional, under the title's limits: English pages show it in place of the title, so it is typed in English.
  const englishTitleItem = () => {
    const { min, max } = ENTRY_TEXT_LIMITS.title;
    return (
      <Form.Item
        key="titleEn"
        name="titleEn"
        label={intl.formatMessage({ id: 'submit.field.titleEn' })}
        extra={intl.formatMessage({ id: 'submit.help.titleEn' })}
        rules={[
          { min, transform: (v?: string) => v?.trim(), message: intl.formatMessage({ id: 'submit.rule.min' }, { min }) },
          { max, message: intl.formatMessage({ id: 'submit.rule.max' }, { max }) },
        ]}
      >
        <Input showCount maxLength={max} lang="en" />
      </Form.Item>
    );
  };

  const fileRule = (purpose: UploadPurpose): Rule => ({
    validator: async () => {
      if (!filesNow.current[purpose]) throw new Error(intl.formatMessage({ id: 'submit.rule.file' }));
    },
  });

  return (
    <Form form={form} layout="vertical" requiredMark onFinish={submit} onValuesChange={() => persist()} className="entry-form" scrollToFirstError>
      <TitledSection headingId="entry-film" titleKey="submit.section.film">
        <Form.Item
          name="group"
          label={intl.formatMessage({ id: 'submit.field.group' })}
          rules={[{ required: true, message: intl.formatMessage({ id: 'submit.rule.required' }) }]}
          // Who the chosen group is for (the contest pages' group cards say it for both).
          extra={group && <GroupDetails group={group} />}
        >
          <GroupRadios groups={groups} />
        </Form.Item>
        {textItems(false)}
      </TitledSection>
      <TitledSection headingId="entry-team" titleKey="submit.section.team">
        {textItems(true)}
      </TitledSection>
      <TitledSection headingId="entry-files" titleKey="submit.section.files">
        {UPLOAD_PURPOSES.map((purpose) => {
          const kept = editing?.files[purpose] && !cleared.includes(purpose) ? editing.files[purpose] : undefined;
          const current = files[purpose] ?? (kept ? { ...kept, meta: kept.meta ?? {} } : undefined);
          // The trailer and the subtitles are optional: no "required" mark, and a chosen one can be removed again.
          const optional = isOptionalUpload(purpose);
          return (
            <Form.Item
              key={purpose}
              name={['uploads', purpose]}
              label={intl.formatMessage({ id: `submit.field.${purpose}` })}
              extra={<UploadHint purpose={purpose} empowerMaxBytes={empowerMaxBytes} />}
              rules={editing || optional ? [] : [fileRule(purpose)]}
              required={!editing && !optional}
              htmlFor={`upload-${purpose}`}
            >
              <UploadField
                purpose={purpose}
                empowerMaxBytes={empowerMaxBytes}
                file={current}
                onUploaded={(f) => setFile(purpose, f)}
                onRemove={optional ? () => removeFile(purpose) : undefined}
                inputId={`upload-${purpose}`}
                film={purpose === 'video' ? group?.film : undefined}
              />
            </Form.Item>
          );
        })}
      </TitledSection>
      {extraFields.length > 0 && (
        <TitledSection headingId="entry-answers" titleKey="entryForm.form.section">
          <ExtraFields fields={extraFields} form={form} />
        </TitledSection>
      )}
      <TitledSection className="panel panel--rules" headingId="entry-rules" titleKey="submit.section.rules">
        <CheckList items={CONFIRM_RULES} />
        <Form.Item
          name="confirmRules"
          valuePropName="checked"
          rules={[{ validator: async (_r, v) => (v ? undefined : Promise.reject(new Error(intl.formatMessage({ id: 'submit.rule.confirm' })))) }]}
        >
          <Checkbox>
            <FormattedMessage id="submit.confirmRules" />
          </Checkbox>
        </Form.Item>
        <PrivacyNote />
        <div className="entry-actions">
          <Button type="primary" htmlType="submit" size="large" loading={busy}>
            <FormattedMessage id={editing ? 'submit.saveChanges' : 'submit.submit'} />
          </Button>
          {savedAt && !editing && (
            <span className="muted" aria-live="polite">
              <FormattedMessage id="submit.draftSaved" />
            </span>
          )}
        </div>
      </TitledSection>
    </Form>
  );
}

function UploadHint({ purpose, empowerMaxBytes }: { purpose: UploadPurpose; empowerMaxBytes: number }) {
  if (purpose === 'video') return <FormattedMessage id="upload.videoHint" />;
  if (purpose === 'trailer') return <FormattedMessage id="upload.trailerHint" />;
  if (purpose === 'subtitles') return <FormattedMessage id="upload.subtitlesHint" />;
  if (purpose === 'empower') return <FormattedMessage id="upload.empowerHint" values={{ size: Math.round(empowerMaxBytes / 1024 / 1024) }} />;
  const size = { teamLogo: [160, 160], cover: [400, 400], videoCover: [960, 540] }[purpose];
  return <FormattedMessage id="upload.imageHint" values={{ width: size[0], height: size[1] }} />;
}

/** The two built-in groups, should the organiser's form not load: the entrant can still choose and submit. */
function fallbackGroups(intl: IntlShape): PublicGroup[] {
  return GROUPS.map((g) => ({
    key: g,
    name: intl.formatMessage({ id: `group.${g}` }),
    description: intl.formatMessage({ id: `group.${g}Desc` }),
    rules: '',
    film: { maxSeconds: null, orientations: [], minShortSide: null },
  }));
}

/** An answer as sent: trimmed text, team rows with something in them; nothing for an empty answer. */
function cleanAnswer(v: AnswerValue | undefined | null): AnswerValue | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'string') return v.trim() === '' ? undefined : v.trim();
  if (Array.isArray(v) && v.length > 0 && typeof v[0] === 'object') {
    const rows = (v as { name: string; role: string; email: string }[])
      .map((m) => ({ name: m.name.trim(), role: m.role.trim(), email: m.email.trim() }))
      .filter((m) => m.name || m.role || m.email);
    return rows.length > 0 ? rows : undefined;
  }
  return v;
}

/** The answers of the entry being edited, as the form holds them; a stored file stays as it is unless replaced. */
function answersOf(entry: MyEntryDetail): Answers {
  return Object.fromEntries(entry.answers.map((a) => [a.key, a.value]));
}
