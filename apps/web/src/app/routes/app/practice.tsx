import { DashboardLayout } from '@/components/layout/dashboard-layout';
import { ReconnectingNotice } from '@/components/ui/reconnecting-notice';
import { PracticePage } from '@/features/practice/components/practice-page';

/** /practice: practice from the learner's own mistakes (docs/product.md#practice). */
export function PracticeRoute() {
  return (
    <DashboardLayout>
      <ReconnectingNotice />
      <PracticePage />
    </DashboardLayout>
  );
}
