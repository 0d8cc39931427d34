import { FormattedMessage } from 'react-intl';

export function GroupCards() {
  return (
    <div className="group-grid">
      <div className="group-card group-card--open">
        <h3>
          <FormattedMessage id="group.open" />
        </h3>
        <p>
          <FormattedMessage id="group.openDesc" />
        </p>
      </div>
      <div className="group-card group-card--student">
        <h3>
          <FormattedMessage id="group.student" />
        </h3>
        <p>
          <FormattedMessage id="group.studentDesc" />
        </p>
      </div>
    </div>
  );
}
