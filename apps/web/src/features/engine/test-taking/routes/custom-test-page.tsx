import { AttemptPage } from '../../../../engine-kit/components/attempt-page.tsx';

/** `/test`: taking a practice test (spec 001, section 2); it also opens an attempt being resumed. */
export function CustomTestPage() {
  return <AttemptPage mode="practice" />;
}
