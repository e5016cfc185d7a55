import { HistoryView } from '../components/history-view.tsx';

/** `/historico/ensayo`: the subject's mock exams (spec 001, section 2). */
export function OfficialHistoryPage() {
  return <HistoryView type="official" />;
}
