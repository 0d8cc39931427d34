import { Radio } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import type { PublicGroup } from '../../../../../common/entry-form/definitions';
import { formatDuration } from '../../../../../common/format';

/** The groups as radio buttons (Form.Item passes `value`, `onChange`, `id`). */
export function GroupRadios({ groups, ...control }: { groups: PublicGroup[]; id?: string; value?: string; onChange?: () => void }) {
  return (
    <Radio.Group {...control} optionType="button" buttonStyle="solid" options={groups.map((g) => ({ value: g.key, label: g.name }))} className="group-radios" />
  );
}

/** Who the chosen group is for, its rules, and the films it takes: what the entrant reads before choosing. */
export function GroupDetails({ group }: { group: PublicGroup }) {
  const intl = useIntl();
  const rules = group.rules
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const { film } = group;
  const limits: string[] = [];
  if (film.maxSeconds) limits.push(intl.formatMessage({ id: 'entryForm.form.filmMax' }, { max: formatDuration(film.maxSeconds) }));
  if (film.orientations.length === 1) limits.push(intl.formatMessage({ id: `entryForm.form.filmOnly.${film.orientations[0]}` }));
  else limits.push(intl.formatMessage({ id: 'entryForm.form.filmBoth' }));
  if (film.minShortSide) limits.push(intl.formatMessage({ id: 'entryForm.form.filmMin' }, { px: film.minShortSide }));
  return (
    <div className="group-details" data-testid="group-details">
      {group.description && <p className="group-details-desc">{group.description}</p>}
      {rules.length > 0 && (
        <>
          <h3>
            <FormattedMessage id="entryForm.form.groupRules" />
          </h3>
          <ul>
            {rules.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        </>
      )}
      <h3>
        <FormattedMessage id="entryForm.form.filmLimits" />
      </h3>
      <ul className="group-details-film">
        {limits.map((l) => (
          <li key={l}>{l}</li>
        ))}
      </ul>
    </div>
  );
}
