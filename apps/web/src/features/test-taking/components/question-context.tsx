import Button from 'antd/es/button';
import type { AttemptQuestion } from '@ensaya/core/contracts/engine';
import { ServerHtml } from './server-html.tsx';

/**
 * A question's reading context (a text or figure several questions share), shown and hidden by
 * its toggle. The labels come from the screen using it (the test player, the review).
 */
export function QuestionContext({
  context,
  isVisible,
  onToggle,
  labels,
}: {
  context: NonNullable<AttemptQuestion['context']>;
  isVisible: boolean;
  onToggle: () => void;
  labels: { section: string; show: string; hide: string };
}) {
  return (
    <section className="question__context" aria-label={labels.section}>
      <Button
        type="link"
        className="question__context-toggle"
        aria-expanded={isVisible}
        onClick={onToggle}
      >
        {isVisible ? labels.hide : labels.show}
      </Button>
      {isVisible && (
        <div className="question__context-body">
          {context.title && <h3>{context.title}</h3>}
          <ServerHtml html={context.body_html} />
        </div>
      )}
    </section>
  );
}
