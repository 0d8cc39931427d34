import { FormattedMessage } from 'react-intl';
import type { PresentedAnswer, TeamMember } from '../../../../common/entry-form/definitions';
import './answer-list.css';

/**
 * The answers to the organiser's questions as a reader sees them (the entrant, the organiser, a juror):
 * the label they were asked with and the value in words. The server decides which answers a reader gets;
 * a file answer is a link only where the server sent one (the organiser's private download).
 */
export function AnswerList({ answers, testId = 'answers' }: { answers: PresentedAnswer[]; testId?: string }) {
  if (answers.length === 0) return null;
  return (
    <dl className="answer-list" data-testid={testId}>
      {answers.map((a) => (
        <div key={a.key} className="answer-list-row">
          <dt>{a.label}</dt>
          <dd>
            <AnswerValueView answer={a} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

function AnswerValueView({ answer }: { answer: PresentedAnswer }) {
  if (answer.type === 'file' && answer.fileUrl) {
    return (
      <a href={answer.fileUrl} rel="noopener" download>
        {answer.text || <FormattedMessage id="entryForm.view.download" />}
      </a>
    );
  }
  if (answer.type === 'teamMembers' && Array.isArray(answer.value)) {
    const members = answer.value as TeamMember[];
    return (
      <ul className="answer-list-members">
        {members.map((m) => (
          <li key={`${m.name}-${m.email}`}>
            <strong>{m.name}</strong>
            {m.role && <span>{` · ${m.role}`}</span>}
            {m.email && <span className="answer-list-muted">{` · ${m.email}`}</span>}
          </li>
        ))}
      </ul>
    );
  }
  if (answer.text === '') return <span className="answer-list-muted">—</span>;
  return <span className="answer-list-text">{answer.text}</span>;
}
