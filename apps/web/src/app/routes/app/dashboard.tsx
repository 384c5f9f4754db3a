import { DashboardHeader } from '@/features/dashboard/components/dashboard-header';
import { WelcomeBanner } from '@/features/dashboard/components/welcome-banner';

export function DashboardRoute() {
  return (
    <div className="page">
      <DashboardHeader />
      <main className="content">
        <WelcomeBanner />
      </main>
    </div>
  );
}
