import { useState } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { DashboardLayout } from '@/components/layout/dashboard-layout';
import { ReconnectingNotice } from '@/components/ui/reconnecting-notice';
import { TestCatalog } from '@/features/dashboard/components/test-catalog';
import { WelcomeBanner } from '@/features/dashboard/components/welcome-banner';
import { YourProgress } from '@/features/dashboard/components/your-progress';
import { PurchaseDialog } from '@/features/payments/components/purchase-dialog';
import { authSession, isSignedIn, type AuthSession } from '@/lib/auth/auth-session';
import { useCards } from '@/lib/catalog/cards';
import { learnerQueryOptions } from '@/lib/learner';

/** /dashboard: the welcome banner, the learner's progress and the 20 tests; a locked test opens the purchase (docs/product.md#dashboard). */
export function DashboardRoute() {
  const cards = useCards();
  const [purchasing, setPurchasing] = useState(false);
  return (
    <DashboardLayout>
      <ReconnectingNotice />
      <WelcomeBanner />
      <YourProgress />
      <TestCatalog onUnlock={() => setPurchasing(true)} />
      {cards.data ? (
        <PurchaseDialog
          open={purchasing}
          premiumCount={cards.data.cards.filter((card) => card.premium).length}
          onClose={() => setPurchasing(false)}
        />
      ) : null}
    </DashboardLayout>
  );
}

/**
 * Every visit to the dashboard reads the learner's user document, which creates it when it is
 * missing (docs/product.md#what-is-stored). Started here, in the route's loader, without holding the page up, and
 * only for a signed-in learner (a signed-out visitor is sent to /login).
 */
export const dashboardLoader =
  (queryClient: QueryClient, session: AuthSession = authSession) =>
  async (): Promise<null> => {
    if (await isSignedIn(session)) void queryClient.prefetchQuery(learnerQueryOptions());
    return null;
  };
