import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, DatePicker, Flex, Skeleton, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { PhaseRow } from '../../../../common/console/phases';
import { wallClockOf } from '../../../../common/contest-time';
import { errorText } from '../../i18n/error-text';
import { savePhase, usePhases, useSetupChecklist } from '../queries/contest';
import { adminKeys } from '../queries/keys';

/** The contest's wall clock as the API gives and takes it; the picker edits these digits as they are. */
const WALL = 'YYYY-MM-DDTHH:mm';

/**
 * The contest phases, each saved on its own. Times are the contest's wall clock (CONTEST_TIMEZONE, named
 * above the list): they are shown and sent as digits, never converted through the browser's zone, so an
 * organiser abroad types the same minute the visitors read. Colliding phases are saved and flagged.
 */
export function PhaseEditor() {
  const intl = useIntl();
  const { data } = usePhases();
  if (!data) return <Skeleton active />;
  return (
    <section aria-labelledby="phases-title" data-testid="phase-editor">
      <Typography.Title level={2} id="phases-title" style={{ fontSize: 16 }}>
        <FormattedMessage id="console.settings.phases" />
      </Typography.Title>
      <Typography.Paragraph type="secondary" data-testid="phase-zone">
        <FormattedMessage id="console.phases.zone" values={{ zone: data.zoneLabel }} />
      </Typography.Paragraph>
      <Flex vertical gap={16}>
        {data.phases.map((row) => (
          <PhaseRowEditor key={row.phase} row={row} zone={data.zoneLabel} timeZone={data.timeZone} names={(p) => intl.formatMessage({ id: `phase.${p}` })} />
        ))}
      </Flex>
    </section>
  );
}

/** The contest's wall clock now, in the digits the editor sends. */
const contestNow = (timeZone: string) => wallClockOf(new Date().toISOString(), timeZone);

/** The phases the setup checklist guards: opening them with a required item missing asks first. */
const GUARDED = new Set(['submission', 'voting']);

function PhaseRowEditor({ row, zone, timeZone, names }: { row: PhaseRow; zone: string; timeZone: string; names: (phase: string) => string }) {
  const intl = useIntl();
  const { message, modal } = App.useApp();
  const checklist = useSetupChecklist();
  const qc = useQueryClient();
  const initial = (): [Dayjs, Dayjs] | null => (row.startLocal && row.endLocal ? [dayjs(row.startLocal), dayjs(row.endLocal)] : null);
  const [value, setValue] = useState<[Dayjs, Dayjs] | null>(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset to the saved times whenever the server's answer changes.
  useEffect(() => setValue(initial()), [row.startLocal, row.endLocal]);

  const label = names(row.phase);
  const send = async (method: 'PUT' | 'DELETE', body?: object) => {
    setBusy(true);
    setError(null);
    try {
      const answer = await savePhase(row.phase, method, body);
      qc.setQueryData(adminKeys.phases, answer);
      void qc.invalidateQueries({ queryKey: adminKeys.setupChecklist });
      void message.success(intl.formatMessage({ id: 'console.phases.saved' }, { phase: label }));
    } catch (err) {
      const code = (err as { code?: number }).code;
      setError(code ? errorText(code) : intl.formatMessage({ id: 'console.phases.failed' }));
    } finally {
      setBusy(false);
    }
  };
  const save = () => {
    if (!value) return;
    const body = { start: value[0].format(WALL), end: value[1].format(WALL) };
    const now = contestNow(timeZone);
    const opensNow = body.start <= now && now < body.end;
    const missing = GUARDED.has(row.phase) ? (checklist.data?.missing[row.phase as 'submission' | 'voting'] ?? []) : [];
    if (!opensNow || missing.length === 0) {
      void send('PUT', body);
      return;
    }
    // Opening now with something the contest needs still missing: say what, and let the organiser decide.
    modal.confirm({
      title: intl.formatMessage({ id: 'console.setup.confirmTitle' }, { phase: label }),
      content: (
        <>
          <Typography.Paragraph>{intl.formatMessage({ id: 'console.setup.confirmIntro' })}</Typography.Paragraph>
          <ul data-testid="setup-confirm-missing">
            {missing.map((key) => (
              <li key={key}>{intl.formatMessage({ id: `console.setup.item.${key}` })}</li>
            ))}
          </ul>
        </>
      ),
      okText: intl.formatMessage({ id: 'console.setup.confirmOk' }),
      cancelText: intl.formatMessage({ id: 'console.setup.confirmCancel' }),
      onOk: () => send('PUT', body),
    });
  };
  const pickerId = `phase-${row.phase}`;

  return (
    <div className="phase-row" data-testid={`phase-${row.phase}`}>
      <label htmlFor={pickerId} style={{ display: 'block', marginBottom: 4, fontWeight: 500 }}>
        {label}
      </label>
      <Space wrap align="start">
        <DatePicker.RangePicker
          id={{ start: pickerId, end: `${pickerId}-end` }}
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          value={value}
          onChange={(v) => setValue(v?.[0] && v[1] ? [v[0], v[1]] : null)}
          aria-label={intl.formatMessage({ id: 'console.phases.range' }, { phase: label, zone })}
        />
        <Button type="primary" onClick={save} loading={busy} disabled={!value}>
          {intl.formatMessage({ id: 'console.phases.save' }, { phase: label })}
        </Button>
        {row.start && (
          <Button onClick={() => void send('DELETE')} disabled={busy}>
            {intl.formatMessage({ id: 'console.phases.clear' }, { phase: label })}
          </Button>
        )}
      </Space>
      {error && <Alert type="error" showIcon title={error} style={{ marginTop: 8 }} role="alert" />}
      {row.conflicts.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginTop: 8 }}
          data-testid={`phase-${row.phase}-conflict`}
          title={intl.formatMessage(
            { id: 'console.phases.conflict' },
            { phases: row.conflicts.map(names).join(intl.formatMessage({ id: 'console.phases.listSeparator' })) },
          )}
        />
      )}
    </div>
  );
}
