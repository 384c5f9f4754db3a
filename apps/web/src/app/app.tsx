import { RouterProvider } from 'react-router-dom';
import { AuthProvider } from '@/lib/auth/auth-provider';
import { router } from './router';

/** The query cache is not here: only the pages that fetch data load it (see `withQueries` in router.tsx). */
export function App() {
  return (
    <AuthProvider>
      <RouterProvider router={router} />
    </AuthProvider>
  );
}
