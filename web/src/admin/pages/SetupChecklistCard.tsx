import { CheckCircleFilled, ExclamationCircleFilled, InfoCircleOutlined } from '@ant-design/icons';
import { Card, Collapse, List, Space, Tag, Typography } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { SETUP_GATES, type SetupItem } from '../../../../common/console/setup-checklist';
import { useSetupChecklist } from '../queries/contest';

function ItemRow({ item }: { item: SetupItem }) {
  const intl = useIntl();
  const icon = item.done ? (
    <CheckCircleFilled style={{ color: '#18794e' }} aria-hidden />
  ) : item.required ? (
    <ExclamationCircleFilled style={{ color: '#b42318' }} aria-hidden />
  ) : (
    <InfoCircleOutlined style={{ color: '#8a5a00' }} aria-hidden />
  );
  const state = item.done ? 'console.setup.done' : item.required ? 'console.setup.required' : 'console.setup.advice';
  return (
    <List.Item
      data-testid={`setup-${item.key}`}
      actions={
        item.done
          ? []
          : [
              item.link ? (
                <Link key="fix" to={item.link}>
                  <FormattedMessage id="console.setup.fix" />
                </Link>
              ) : (
                <Typography.Text key="env" type="secondary">
                  <FormattedMessage id="console.setup.serverSetting" />
                </Typography.Text>
              ),
            ]
      }
    >
      <Space align="start">
        {icon}
        <div>
          <Typography.Text strong={!item.done}>
            <FormattedMessage id={`console.setup.item.${item.key}`} />
          </Typography.Text>{' '}
          <Tag color={item.done ? 'green' : item.required ? 'red' : 'gold'}>{intl.formatMessage({ id: state })}</Tag>
          {item.detail.length > 0 && !item.done && (
            <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
              {item.detail.join(' · ')}
            </Typography.Paragraph>
          )}
        </div>
      </Space>
    </List.Item>
  );
}

/** What is still missing before each phase can open, each with a link to where it is fixed. */
export function SetupChecklistCard() {
  const intl = useIntl();
  const { data } = useSetupChecklist();
  if (!data) return null;
  const open = data.items.filter((it) => !it.done).length;
  const sections = SETUP_GATES.map((gate) => {
    const items = data.items.filter((it) => it.gate === gate);
    const missing = data.missing[gate].length;
    return {
      key: gate,
      label: (
        <Space>
          <FormattedMessage id={`console.setup.gate.${gate}`} />
          {missing > 0 ? (
            <Tag color="red">{intl.formatMessage({ id: 'console.setup.missingCount' }, { count: missing })}</Tag>
          ) : (
            <Tag color="green">{intl.formatMessage({ id: 'console.setup.ready' })}</Tag>
          )}
        </Space>
      ),
      children: <List size="small" dataSource={items} renderItem={(item) => <ItemRow item={item} />} />,
    };
  });
  const firstMissing = SETUP_GATES.find((gate) => data.missing[gate].length > 0);
  return (
    <Card
      size="small"
      style={{ marginBottom: 12 }}
      title={<FormattedMessage id="console.setup.title" />}
      extra={
        <Typography.Text type="secondary">
          {open === 0 ? <FormattedMessage id="console.setup.allDone" /> : <FormattedMessage id="console.setup.openCount" values={{ count: open }} />}
        </Typography.Text>
      }
    >
      <Collapse ghost size="small" defaultActiveKey={firstMissing ? [firstMissing] : []} items={sections} />
    </Card>
  );
}
