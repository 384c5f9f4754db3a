import type { ReactNode } from 'react';
import { DashboardHeader } from './dashboard-header';

/** The signed-in pages' frame: their header, then the page. */
export function DashboardLayout({ children }: { children: ReactNode }) {
  return (
    <div className="page">
      <DashboardHeader />
      <main className="content">{children}</main>
    </div>
  );
}
