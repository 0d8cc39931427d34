import { Alert, Skeleton, Space, Typography } from 'antd';
import { useIntl } from 'react-intl';
import { useAdminEntryForm } from '../../queries/entry-form';
import { FieldsSection } from './FieldsSection';
import { GroupsSection } from './GroupsSection';
import './entry-form-console.css';

/** /admin/#/entry-form: the groups entrants choose from and the questions the entry form asks. */
export function EntryFormPage() {
  const intl = useIntl();
  const f = (id: string) => intl.formatMessage({ id });
  const { data, refresh } = useAdminEntryForm();
  return (
    <div className="entry-form-console">
      <Typography.Title level={1} style={{ fontSize: 20, marginTop: 0 }}>
        {f('entryForm.console.title')}
      </Typography.Title>
      <Alert type="info" showIcon style={{ marginBottom: 16, maxWidth: 880 }} title={f('entryForm.console.intro')} />
      {data ? (
        <Space orientation="vertical" size="large" style={{ width: '100%' }}>
          <GroupsSection data={data} onChanged={refresh} />
          <FieldsSection data={data} onChanged={refresh} />
        </Space>
      ) : (
        <Skeleton active />
      )}
    </div>
  );
}
