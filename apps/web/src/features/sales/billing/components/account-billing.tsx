import { InvoicesCard } from './invoices-card.tsx';
import { SubscriptionsCard } from './subscriptions-card.tsx';

/**
 * The account's billing: the subscriptions and the invoices, each a plain table. They sit below
 * the profile's sections, out of a phone's first screen, so the page loads them in a chunk of their
 * own after its first screen has drawn; their reads start with the page's (account-page.data.ts).
 */
export function AccountBilling({ isDebug }: { isDebug: boolean }) {
  return (
    <div className="account__billing">
      <SubscriptionsCard isDebug={isDebug} />
      <InvoicesCard />
    </div>
  );
}
