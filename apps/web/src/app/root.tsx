import { Outlet } from 'react-router-dom';
import { usePageViewTracking } from '@/features/analytics/hooks/use-page-view-tracking';
import { useRouteMeta } from '@/lib/page-meta';

/** Above every route: the document title and description, then the page view (which reads the title). */
export function AppRoot() {
  useRouteMeta();
  usePageViewTracking();
  return <Outlet />;
}
