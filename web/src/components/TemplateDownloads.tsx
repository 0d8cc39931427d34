import { FormattedMessage } from 'react-intl';
import type { MessageKey } from '../../../common/i18n/index';
import { safeUrl } from '../../../common/safe-url';
import { useTemplates } from '../api/queries';
import { TitledSection } from './TitledSection';

/** The downloadable templates of the authorisation package, as a side panel (Contest details, the entry form). */
export function TemplateDownloads({ headingId, titleKey }: { headingId: string; titleKey: MessageKey }) {
  const templates = useTemplates();
  return (
    <TitledSection headingId={headingId} titleKey={titleKey}>
      <p className="muted">
        <FormattedMessage id="details.templatesIntro" />
      </p>
      <ul className="download-list">
        {(templates.data ?? []).map((t) => (
          <li key={t.id}>
            {/* Like every organiser-typed address: only http(s) or a site path becomes a link. */}
            <a href={safeUrl(t.fileUrl)} download={t.fileName}>
              <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18">
                <path fill="currentColor" d="M5 20h14v-2H5v2Zm7-3 5-5h-3V4h-4v8H7l5 5Z" />
              </svg>
              <span>{t.title}</span>
            </a>
          </li>
        ))}
      </ul>
    </TitledSection>
  );
}
