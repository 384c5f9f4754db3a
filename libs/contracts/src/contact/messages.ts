import { defineMessage } from '../common/message';
import { contactMessageReceiptSchema, contactMessageSchema } from './schemas';

/** blog-service's subject for the contact form (asked by the gateway). */
export const ContactMessages = {
  submitContact: defineMessage({ pattern: 'blog.contact.submit', request: contactMessageSchema, reply: contactMessageReceiptSchema }),
} as const;
