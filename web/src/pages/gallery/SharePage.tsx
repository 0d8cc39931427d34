import { Form, Input } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { CONTACT_CONTENT_MAX, scamReportSchema } from '../../../../common/schemas/contact';
import { AntdScope } from '../../components/AntdScope';
import { PageHeader } from '../../components/PageHeader';
import { ChallengeFormCard } from './ChallengeFormCard';
import { useScamTips } from './gallery-api';
import { SocialShare } from './ShareButtons';
import { useChallengeForm } from './use-challenge-form';
import './gallery.css';
import { useOrigin } from '../../app/server-html';

type Values = { what: string; happenedOn: string; contact?: string; altcha?: string };

/** /share (bare only, titled like Contact us): scam-prevention tips to pass on, and a scam report form. */
export default function SharePage() {
  const intl = useIntl();
  const label = (id: string) => intl.formatMessage({ id });
  const tips = useScamTips();
  const challengeForm = useChallengeForm<Values, typeof scamReportSchema>(scamReportSchema, '/api/scam-reports', 'report', 'share.reported');
  const pageUrl = `${useOrigin()}/share`;

  return (
    <>
      <PageHeader title={label('route.share')} intro={label('share.pageIntro')} />
      <div className="container content-grid share-page">
        <section className="content-main">
          <div className="tips-head">
            <h2 className="section-title section-title--sm">
              <FormattedMessage id="share.tipsTitle" />
            </h2>
            {/* One share block for the page: every tip is on it, and twelve identical buttons read as noise. */}
            <div className="tips-share">
              <span className="tips-share-label">
                <FormattedMessage id="share.tipsShare" />
              </span>
              <SocialShare url={pageUrl} text={label('share.tipsShareText')} label={label('share.tipsShare')} />
            </div>
          </div>
          <ul className="tip-list" aria-busy={tips.isPending}>
            {(tips.data ?? []).map((tip) => (
              <li key={tip.id} className="tip-card">
                <h3>{tip.title}</h3>
                <p>{tip.body}</p>
              </li>
            ))}
          </ul>
        </section>
        <aside className="content-side">
          <AntdScope>
            <ChallengeFormCard challengeForm={challengeForm} titleKey="share.reportTitle" introKey="share.reportIntro" submitKey="share.submit">
              <Form.Item name="what" label={label('share.what')}>
                <Input.TextArea rows={5} maxLength={CONTACT_CONTENT_MAX} placeholder={label('share.whatPlaceholder')} />
              </Form.Item>
              <Form.Item name="happenedOn" label={label('share.when')}>
                <Input type="date" max={new Date().toISOString().slice(0, 10)} />
              </Form.Item>
              <Form.Item name="contact" label={label('share.contact')}>
                <Input maxLength={200} placeholder={label('share.contactPlaceholder')} />
              </Form.Item>
            </ChallengeFormCard>
          </AntdScope>
        </aside>
      </div>
    </>
  );
}
