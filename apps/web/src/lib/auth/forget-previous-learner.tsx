import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useAuthState } from './auth-provider';

/**
 * Sign-out and sign-in happen without a page load, so the query cache would show the next learner
 * the previous one's cards, payment and history. It is emptied whenever the signed-in learner
 * changes (signed out, or another uid).
 */
export function ForgetPreviousLearner() {
  const state = useAuthState();
  const queryClient = useQueryClient();
  const uid = state.status === 'signed-in' ? state.user.uid : undefined;
  const previous = useRef(uid);
  useEffect(() => {
    if (previous.current !== uid) queryClient.clear();
    previous.current = uid;
  }, [uid, queryClient]);
  return null;
}
