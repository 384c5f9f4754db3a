import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router-dom';
import { AuthProvider } from '@/lib/auth/auth-provider';
import { ForgetPreviousLearner } from '@/lib/auth/forget-previous-learner';
import { queryClient } from '@/lib/query-client';
import { router } from './router';

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <ForgetPreviousLearner />
        <RouterProvider router={router} />
      </AuthProvider>
    </QueryClientProvider>
  );
}
