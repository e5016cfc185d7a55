import { AttemptPage } from '../../../../engine-kit/components/attempt-page.tsx';

/** `/test/ensayo`: taking a mock exam (spec 001, section 2). */
export function MockExamPage() {
  return <AttemptPage mode="mock_exam" />;
}
