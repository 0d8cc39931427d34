import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, InputNumber, Popconfirm, Table } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Award } from '../../../../../common/jury/api-types';
import type { AwardInput } from '../../../../../common/jury/schemas';
import { LOCALE_LABELS, SUPPORTED_LOCALES } from '../../../../../common/locales';
import { showFieldErrors } from '../../../api/form-errors';
import { addAward, deleteAward, useAwards } from '../../queries/jury';
import { adminKeys } from '../../queries/keys';
import { SubmitButton } from '../../SubmitButton';
import { NameFields } from './NameFields';

/** Named awards (Gold, Silver, Best Popularity...) in three locales; they are given on the results tab. */
export function AwardsTab() {
  const intl = useIntl();
  const f = (id: string) => intl.formatMessage({ id });
  const qc = useQueryClient();
  const [form] = Form.useForm<AwardInput>();
  const awards = useAwards();

  const add = async (v: AwardInput) => {
    const list = await addAward(v).catch((err: unknown) => {
      showFieldErrors(form, err);
      return null;
    });
    if (!list) return;
    qc.setQueryData(adminKeys.jury.awards, list);
    form.resetFields();
  };
  const remove = async (id: number) => {
    const list = await deleteAward(id).catch(() => null);
    if (list) qc.setQueryData(adminKeys.jury.awards, list);
  };

  return (
    <>
      <Table<Award>
        rowKey="id"
        size="small"
        loading={awards.isFetching}
        dataSource={awards.data ?? []}
        pagination={false}
        scroll={{ x: 600 }}
        columns={[
          ...SUPPORTED_LOCALES.map((l) => ({ title: LOCALE_LABELS[l], render: (_: unknown, a: Award) => a.i18n[l]?.name || '—' })),
          { title: f('jury.awards.sort'), dataIndex: 'sort' },
          {
            title: f('jury.actions'),
            render: (_: unknown, a: Award) => (
              <Popconfirm title={f('jury.awards.deleteConfirm')} onConfirm={() => remove(a.id)}>
                <Button size="small" danger>
                  <FormattedMessage id="jury.delete" />
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
      <Card size="small" title={f('jury.awards.add')} style={{ marginTop: 16, maxWidth: 520 }}>
        <Form
          form={form}
          name="award"
          layout="vertical"
          onFinish={(v) => void add(v)}
          requiredMark={false}
          initialValues={{ sort: (awards.data?.length ?? 0) + 1 }}
        >
          <NameFields />
          <Form.Item name="sort" label={f('jury.awards.sort')} extra={f('jury.awards.sortHelp')}>
            <InputNumber min={-9999} max={9999} precision={0} />
          </Form.Item>
          <SubmitButton labelKey="jury.awards.add" />
        </Form>
      </Card>
    </>
  );
}
