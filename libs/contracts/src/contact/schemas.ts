import { z } from 'zod';
import { isoTime } from '../common/wire';

export const contactMessageSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters'),
  email: z.email('Enter a valid email address').max(254),
  message: z
    .string()
    .trim()
    .min(1, 'Message is required')
    .max(5000, 'Message must be at most 5000 characters'),
  /**
   * Honeypot: a form field hidden from people (who leave it empty) that form-filling bots fill
   * in. A message with it filled is answered like any other and never stored.
   */
  website: z.string().optional(),
});
export type ContactMessageInput = z.infer<typeof contactMessageSchema>;

/** True when the honeypot field holds anything: the message comes from a bot. */
export function isHoneypotFilled(input: Pick<ContactMessageInput, 'website'>): boolean {
  return (input.website ?? '').trim() !== '';
}

export const contactMessageReceiptSchema = z.object({ id: z.string(), name: z.string(), email: z.string(), message: z.string(), receivedAt: isoTime });
export type ContactMessageReceipt = z.infer<typeof contactMessageReceiptSchema>;
