import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Form, InputNumber, Popconfirm, Row, Switch, Table, Typography } from 'antd';
import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Code } from '../../../../../common/errors';
import type { Criterion } from '../../../../../common/jury/api-types';
import type { CriterionInput, JurySettings } from '../../../../../common/jury/schemas';
import { showFieldErrors } from '../../../api/form-errors';
import { errorText } from '../../../i18n/error-text';
import { addCriterion, deleteCriterion, saveJurySettings, useCriteria, useJurySettings } from '../../queries/jury';
import { adminKeys } from '../../queries/keys';
import { SubmitButton } from '../../SubmitButton';
import { NameFields, nameIn } from './NameFields';

/** Criteria with their weights (the juror scores each 1-10), blind judging, and the jury/public split. */
export function CriteriaTab() {
  const intl = useIntl();
  const f = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<CriterionInput>();
  const [settingsForm] = Form.useForm<JurySettings>();
  const criteria = useCriteria();
  const settings = useJurySettings();
  const totalWeight = (criteria.data ?? []).reduce((a, c) => a + c.weight, 0);

  useEffect(() => {
    if (settings.data) settingsForm.setFieldsValue(settings.data);
  }, [settings.data, settingsForm]);

  const add = async (v: CriterionInput) => {
    const list = await addCriterion(v).catch((err: unknown) => {
      showFieldErrors(form, err);
      return null;
    });
    if (!list) return;
    qc.setQueryData(adminKeys.jury.criteria, list);
    form.resetFields();
  };
  const remove = async (id: number) => {
    const list = await deleteCriterion(id).catch(() => null);
    if (list) qc.setQueryData(adminKeys.jury.criteria, list);
  };
  const saveSettings = async (v: JurySettings) => {
    const saved = await saveJurySettings({ ...v, publicWeight: 100 - v.juryWeight }).catch((err: unknown) => {
      showFieldErrors(settingsForm, err);
      return null;
    });
    if (!saved) return;
    qc.setQueryData(adminKeys.jury.settings, saved);
    void message.success(f('jury.settings.saved'));
  };

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={14}>
        <Table<Criterion>
          rowKey="id"
          size="small"
          loading={criteria.isFetching}
          dataSource={criteria.data ?? []}
          pagination={false}
          columns={[
            { title: f('jury.criteria.name'), render: (_: unknown, c) => nameIn(c.i18n, intl.locale) },
            {
              title: f('jury.criteria.weight'),
              dataIndex: 'weight',
              render: (w: number) => (totalWeight > 0 ? `${w} (${Math.round((100 * w) / totalWeight)}%)` : w),
            },
            {
              title: f('jury.actions'),
              render: (_: unknown, c) => (
                <Popconfirm title={f('jury.criteria.deleteConfirm')} onConfirm={() => remove(c.id)}>
                  <Button size="small" danger>
                    <FormattedMessage id="jury.delete" />
                  </Button>
                </Popconfirm>
              ),
            },
          ]}
        />
        <Card size="small" title={f('jury.criteria.add')} style={{ marginTop: 16 }}>
          <Form form={form} name="criterion" layout="vertical" onFinish={(v) => void add(v)} requiredMark={false}>
            <NameFields />
            <Form.Item
              name="weight"
              label={f('jury.criteria.weight')}
              rules={[{ required: true, type: 'integer', min: 1, max: 100, message: errorText(Code.JuryWeightRange) }]}
            >
              <InputNumber min={1} max={100} precision={0} />
            </Form.Item>
            <SubmitButton labelKey="jury.criteria.add" />
          </Form>
        </Card>
      </Col>
      <Col xs={24} lg={10}>
        <Card size="small" title={f('jury.settings.title')}>
          <Form form={settingsForm} name="juryRules" layout="vertical" onFinish={(v) => void saveSettings(v)}>
            <Form.Item name="blind" label={f('jury.settings.blind')} valuePropName="checked" extra={f('jury.settings.blindHelp')}>
              <Switch />
            </Form.Item>
            <Form.Item
              name="juryWeight"
              label={f('jury.settings.juryWeight')}
              extra={f('jury.settings.weightHelp')}
              rules={[{ required: true, type: 'integer', min: 0, max: 100, message: errorText(Code.ResultWeightsSum) }]}
            >
              <InputNumber min={0} max={100} precision={0} suffix="%" />
            </Form.Item>
            <Form.Item noStyle shouldUpdate>
              {() => (
                <Typography.Paragraph className="jury-muted">
                  <FormattedMessage id="jury.settings.publicWeight" values={{ weight: 100 - Number(settingsForm.getFieldValue('juryWeight') ?? 0) }} />
                </Typography.Paragraph>
              )}
            </Form.Item>
            <Form.Item name="publicWeight" hidden>
              <InputNumber />
            </Form.Item>
            <SubmitButton labelKey="jury.settings.save" />
          </Form>
        </Card>
      </Col>
    </Row>
  );
}
