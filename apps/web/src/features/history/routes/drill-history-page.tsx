import { HistoryView } from '../components/history-view.tsx';

/** `/historico/repasos`: the subject's wrong-answers drills, kept apart from practice (issue 13). */
export function DrillHistoryPage() {
  return <HistoryView type="wrong_answers" />;
}
