import { Button, Input } from 'antd';
import { useIntl } from 'react-intl';
import type { TeamMember } from '../../../../../common/entry-form/definitions';

const blank: TeamMember = { name: '', role: '', email: '' };

/** The people behind a film, one row each: name, role, e-mail. */
export function TeamMembersInput({ id, value, onChange, max }: { id?: string; value?: TeamMember[]; onChange?: (v: TeamMember[]) => void; max?: number }) {
  const intl = useIntl();
  const f = (key: string, values?: Record<string, number>) => intl.formatMessage({ id: key }, values);
  const rows = value && value.length > 0 ? value : [blank];
  const set = (i: number, patch: Partial<TeamMember>) => onChange?.(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <div className="team-members" id={id}>
      {rows.map((row, i) => (
        // Rows have no identity of their own; the index is what the entrant sees ("Member 2").
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <fieldset key={i} className="team-member">
          <legend>{f('entryForm.form.member', { n: i + 1 })}</legend>
          <Input
            value={row.name}
            onChange={(e) => set(i, { name: e.target.value })}
            placeholder={f('entryForm.form.memberName')}
            aria-label={`${f('entryForm.form.memberName')} ${i + 1}`}
            maxLength={100}
          />
          <Input
            value={row.role}
            onChange={(e) => set(i, { role: e.target.value })}
            placeholder={f('entryForm.form.memberRole')}
            aria-label={`${f('entryForm.form.memberRole')} ${i + 1}`}
            maxLength={100}
          />
          <Input
            type="email"
            value={row.email}
            onChange={(e) => set(i, { email: e.target.value })}
            placeholder={f('entryForm.form.memberEmail')}
            aria-label={`${f('entryForm.form.memberEmail')} ${i + 1}`}
            maxLength={254}
          />
          {rows.length > 1 && (
            <Button type="text" danger onClick={() => onChange?.(rows.filter((_r, j) => j !== i))} aria-label={f('entryForm.form.removeMemberN', { n: i + 1 })}>
              {f('entryForm.form.removeMember')}
            </Button>
          )}
        </fieldset>
      ))}
      {(max === undefined || rows.length < max) && <Button onClick={() => onChange?.([...rows, blank])}>{f('entryForm.form.addMember')}</Button>}
    </div>
  );
}
