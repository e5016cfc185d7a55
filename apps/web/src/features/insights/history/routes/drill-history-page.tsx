import { HistoryView } from '../components/history-view.tsx';

/** `/historico/repasos`: the subject's wrong-answers drills, kept apart from practice. */
export function DrillHistoryPage() {
  return <HistoryView type="wrong_answers" />;
}
