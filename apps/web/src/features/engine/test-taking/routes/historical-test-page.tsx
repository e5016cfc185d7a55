import { AttemptPage } from '../../../../engine-kit/components/attempt-page.tsx';

/** `/test/historial`: taking a past test again (spec 001, section 2). */
export function HistoricalTestPage() {
  return <AttemptPage mode="historical" />;
}
