import type { SubjectCard } from '@ensaya/core/contracts/engine';
import type { UserTestType } from '@ensaya/core/contracts/statistics';
import type { ControlContext } from './control-context.ts';

/**
 * The control context of a chosen subject (spec 001, section 2). History and statistics open on
 * the practice tests (`custom`) unless told otherwise; a test sets its own type when it starts.
 */
export function controlFor(card: SubjectCard, type: UserTestType = 'custom'): ControlContext {
  return {
    subjectId: card.id,
    subjectName: card.name,
    subjectApprovalGrade: card.approval_grade,
    subscriptionId: card.subscription_id,
    standartTestId: card.standard_test_id,
    periodId: card.period_id,
    testCount: card.custom_tests + card.official_tests,
    hasAccess: card.has_access,
    type,
    userTestId: null,
  };
}
