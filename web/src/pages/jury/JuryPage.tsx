import { useIntl } from 'react-intl';
import { useJury } from '../../api/queries';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';

export default function JuryPage() {
  const intl = useIntl();
  const jury = useJury();
  return (
    <>
      <PageHeader title={intl.formatMessage({ id: 'route.professionalJury' })} intro={intl.formatMessage({ id: 'jury.intro' })} />
      <div className="container section">
        <ul className="jury-grid" aria-busy={jury.isLoading}>
          {(jury.data ?? []).map((m) => (
            <li key={m.id} className="jury-card">
              <img src={m.photoUrl} alt={m.name} loading="lazy" width={240} height={240} />
              <div className="jury-card-body">
                <h2>{m.name}</h2>
                <p className="jury-role">{m.title}</p>
                <ul className="achievements">
                  {m.achievements.map((a) => (
                    <li key={a}>{a}</li>
                  ))}
                </ul>
              </div>
            </li>
          ))}
        </ul>
        {jury.data?.length === 0 && <EmptyState titleKey="empty.jury.title" textKey="empty.jury.text" />}
      </div>
    </>
  );
}
