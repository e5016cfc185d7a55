import { HistoryView } from '../components/history-view.tsx';

/** `/historico`: the subject's practice tests (spec 001, section 2). */
export function CustomHistoryPage() {
  return <HistoryView type="custom" />;
}
