import { Tabs, Typography } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { AwardsTab } from './AwardsTab';
import { CriteriaTab } from './CriteriaTab';
import { JurorsTab } from './JurorsTab';
import { ResultsTab } from './ResultsTab';

/** /admin/#/jury: the organiser's jury — jurors and their progress, criteria and weights, awards, ranking and results. */
export function JuryPage() {
  const intl = useIntl();
  const f = (id: string) => intl.formatMessage({ id });
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 20, marginTop: 0 }}>
        <FormattedMessage id="jury.menu.jury" />
      </Typography.Title>
      <Tabs
        items={[
          { key: 'jurors', label: f('jury.tab.jurors'), children: <JurorsTab /> },
          { key: 'criteria', label: f('jury.tab.criteria'), children: <CriteriaTab /> },
          { key: 'awards', label: f('jury.tab.awards'), children: <AwardsTab /> },
          { key: 'results', label: f('jury.tab.results'), children: <ResultsTab /> },
        ]}
      />
    </>
  );
}
