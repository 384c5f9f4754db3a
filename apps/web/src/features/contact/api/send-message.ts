import { useMutation } from '@tanstack/react-query';
import type { ContactMessageInput, ContactMessageReceipt } from '@fluent/contracts';
import { apiRequest } from '@/lib/api-client';

/** POST /api/contact: stored by blog-service; 400 names the fields, 429 when sent too often. */
export const sendMessage = (message: ContactMessageInput): Promise<ContactMessageReceipt> =>
  apiRequest<ContactMessageReceipt>('/api/contact', { method: 'POST', body: message, auth: false });

export const useSendMessage = () => useMutation({ mutationFn: sendMessage });
