import { useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, InputNumber, Radio, Skeleton, Switch, Typography } from 'antd';
import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { POW_BASE_RANGE, POW_STEP_UP_RANGE } from '../../../../common/challenge';
import { VOTING_RULES } from '../../../../common/console/constants';
import type { ConsoleSettings, ConsoleSettingsView } from '../../../../common/console/schemas';
import { EMPOWER_MAX_MB, MB, UPLOAD_GRACE_MAX_MINUTES } from '../../../../common/console/uploads';
import { COUNT_DELAY_RANGE, COUNT_DISPLAYS, HOME_FILM_ORDERS, PER_DAY_TOTAL_RANGE, VOTER_MODES } from '../../../../common/gallery';
import { PRIVACY_RETENTION_RANGE } from '../../../../common/privacy';
import { showFieldErrors } from '../../api/form-errors';
import { adminKeys } from '../queries/keys';
import { saveSettings, useSettings } from '../queries/settings';
import { SubmitButton } from '../SubmitButton';
import { PhaseEditor } from './PhaseEditor';

type FormValues = ConsoleSettings;

/** Phases (each saved on its own, `PhaseEditor`), then the gallery's opening, the upload grace period, the voting rule and its step-up threshold, the organiser's address, the entry and package limits. */
export function SettingsPage() {
  const intl = useIntl();
  const f = (id: string) => intl.formatMessage({ id });
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<FormValues>();
  const { data } = useSettings();

  useEffect(() => {
    if (data) form.setFieldsValue(data);
  }, [data, form]);

  const save = async (v: FormValues) => {
    const saved = await saveSettings(v).catch((err: unknown) => {
      showFieldErrors(form, err);
      return null;
    });
    if (saved) void message.success(f('console.settings.saved'));
    await qc.invalidateQueries({ queryKey: adminKeys.settings });
  };

  if (!data) return <Skeleton active />;
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 20, marginTop: 0 }}>
        <FormattedMessage id="console.menu.settings" />
      </Typography.Title>
      <div style={{ maxWidth: 720 }}>
        <PhaseEditor />
      </div>
      <Form form={form} layout="vertical" onFinish={(v) => void save(v)} style={{ maxWidth: 640, marginTop: 32 }}>
        <Typography.Title level={2} style={{ fontSize: 16 }}>
          <FormattedMessage id="console.settings.other" />
        </Typography.Title>
        <Form.Item
          name="galleryBeforeVoting"
          label={f('console.settings.galleryBeforeVoting')}
          extra={f('console.settings.galleryBeforeVotingHint')}
          valuePropName="checked"
        >
          <Switch />
        </Form.Item>
        <Form.Item name="homeFilmOrder" label={f('console.settings.homeFilmOrder')} extra={f('console.settings.homeFilmOrderHint')}>
          <Radio.Group options={HOME_FILM_ORDERS.map((o) => ({ value: o, label: f(`console.settings.homeFilmOrder.${o}`) }))} />
        </Form.Item>
        <Form.Item
          name="uploadGraceMinutes"
          label={f('console.settings.uploadGrace')}
          extra={f('console.settings.uploadGraceHint')}
          rules={[{ required: true }]}
        >
          <InputNumber min={0} max={UPLOAD_GRACE_MAX_MINUTES} precision={0} suffix={f('console.unit.minutes')} />
        </Form.Item>
        <Form.Item name="votingRule" label={f('console.settings.votingRule')}>
          <Radio.Group options={VOTING_RULES.map((r) => ({ value: r, label: f(`console.settings.rule.${r}`) }))} />
        </Form.Item>
        <Form.Item noStyle shouldUpdate={(a, b) => a.votingRule !== b.votingRule}>
          {({ getFieldValue }) =>
            getFieldValue('votingRule') === 'perDayTotal' && (
              <Form.Item
                name="perDayTotal"
                label={f('console.settings.perDayTotal')}
                extra={f('console.settings.perDayTotalHint')}
                rules={[{ required: true }]}
              >
                <InputNumber min={PER_DAY_TOTAL_RANGE.min} max={PER_DAY_TOTAL_RANGE.max} precision={0} />
              </Form.Item>
            )
          }
        </Form.Item>
        <Form.Item name="countDisplay" label={f('console.settings.countDisplay')} extra={f('console.settings.countDisplayHint')}>
          <Radio.Group options={COUNT_DISPLAYS.map((d) => ({ value: d, label: f(`console.settings.countDisplay.${d}`) }))} />
        </Form.Item>
        <Form.Item noStyle shouldUpdate={(a, b) => a.countDisplay !== b.countDisplay}>
          {({ getFieldValue }) =>
            getFieldValue('countDisplay') === 'delayed' && (
              <Form.Item name="countDelayMinutes" label={f('console.settings.countDelay')} rules={[{ required: true }]}>
                <InputNumber min={COUNT_DELAY_RANGE.min} max={COUNT_DELAY_RANGE.max} precision={0} suffix={f('console.unit.minutes')} />
              </Form.Item>
            )
          }
        </Form.Item>
        <Form.Item name="voterMode" label={f('console.settings.voterMode')} extra={f('console.settings.voterModeHint')}>
          <Radio.Group options={VOTER_MODES.map((m) => ({ value: m, label: f(`console.settings.voterMode.${m}`) }))} />
        </Form.Item>
        <Form.Item noStyle shouldUpdate={(a, b) => a.voterMode !== b.voterMode}>
          {({ getFieldValue }) => getFieldValue('voterMode') === 'wechat' && <WechatFields tails={data.wechatSecretTails} />}
        </Form.Item>
        <Form.Item name="stripPlusTags" label={f('console.settings.stripPlusTags')} extra={f('console.settings.stripPlusTagsHint')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="stepUpPerHour" label={f('console.settings.stepUp')} rules={[{ required: true }]}>
          <InputNumber min={0} max={100000} />
        </Form.Item>
        <Form.Item name="subnetPerHour" label={f('console.settings.subnetPerHour')} rules={[{ required: true }]}>
          <InputNumber min={0} max={1000000} />
        </Form.Item>
        <Form.Item name="powBase" label={f('console.settings.powBase')} extra={f('console.settings.powBaseHint')} rules={[{ required: true }]}>
          <InputNumber min={POW_BASE_RANGE.min} max={POW_BASE_RANGE.max} step={1000} />
        </Form.Item>
        <Form.Item name="powStepUp" label={f('console.settings.powStepUp')} extra={f('console.settings.powStepUpHint')} rules={[{ required: true }]}>
          <InputNumber min={POW_STEP_UP_RANGE.min} max={POW_STEP_UP_RANGE.max} step={10_000_000} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="entryLimit" label={f('console.settings.entryLimit')} rules={[{ required: true }]}>
          <InputNumber min={1} max={100} />
        </Form.Item>
        <Form.Item name="organiserEmail" label={f('console.settings.organiserEmail')} rules={[{ required: true, type: 'email' }]}>
          <Input />
        </Form.Item>
        <Form.Item
          name="empowerMaxBytes"
          label={f('console.settings.empowerMax')}
          extra={f('console.settings.empowerMaxHint')}
          rules={[{ required: true }]}
          // Bytes in the API (the submission area's unit), whole megabytes on screen.
          getValueProps={(v: number | undefined) => ({ value: v === undefined ? undefined : Math.round(v / MB) })}
          normalize={(v: number | null) => (v === null ? undefined : v * MB)}
        >
          <InputNumber min={EMPOWER_MAX_MB.min} max={EMPOWER_MAX_MB.max} precision={0} suffix={f('console.unit.mb')} />
        </Form.Item>
        <Form.Item
          name="privacyRetentionDays"
          label={f('console.settings.privacyRetention')}
          extra={f('console.settings.privacyRetentionHint')}
          rules={[{ required: true }]}
        >
          <InputNumber min={PRIVACY_RETENTION_RANGE.min} max={PRIVACY_RETENTION_RANGE.max} precision={0} suffix={f('console.unit.days')} />
        </Form.Item>
        <SubmitButton labelKey="console.content.save" />
      </Form>
    </>
  );
}

/**
 * The official account's and the website app's id and secret. A secret is write-only: the field stays empty,
 * its placeholder tells the tail of the one saved, and an empty field keeps it.
 */
function WechatFields({ tails }: { tails: ConsoleSettingsView['wechatSecretTails'] }) {
  const intl = useIntl();
  const f = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const secret = (tail: string | null) => (tail ? f('console.settings.wechatSecretSet', { tail }) : undefined);
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
      <Typography.Title level={3} style={{ fontSize: 14 }}>
        {f('console.settings.wechat')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{f('console.settings.wechatHint')}</Typography.Paragraph>
      {(['Mp', 'Web'] as const).map((app) => (
        <div key={app}>
          <Form.Item name={`wechat${app}AppId`} label={f(`console.settings.wechat${app}AppId`)}>
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item name={`wechat${app}Secret`} label={f(`console.settings.wechat${app}Secret`)} extra={f('console.settings.wechatSecretHint')}>
            <Input.Password autoComplete="new-password" placeholder={secret(app === 'Mp' ? tails.mp : tails.web)} />
          </Form.Item>
        </div>
      ))}
    </fieldset>
  );
}
