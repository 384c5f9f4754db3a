import { useState, type FormEvent } from 'react';
import { CONTACT_THANK_YOU, type ContactMessageInput } from '@fluent/contracts';
import { TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api-client';
import { useSendMessage } from '../api/send-message';
import { Button } from '@/components/ui/button';

const EMPTY: ContactMessageInput = { name: '', email: '', message: '', website: '' };

/**
 * Name, email and message, all required (docs/product.md#validation). The message is stored by the server; after
 * that the form gives way to the thank-you text of docs/product.md#texts. `website` is a honeypot: hidden from people
 * and from assistive technology, filled only by bots.
 */
export function ContactForm() {
  const [values, setValues] = useState<ContactMessageInput>(EMPTY);
  const send = useSendMessage();
  const fieldErrors = send.error instanceof ApiError ? send.error.errors : {};
  const formError = send.error && Object.keys(fieldErrors).length === 0 ? send.error.message : '';
  const set = (field: keyof ContactMessageInput) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: event.target.value }));

  if (send.isSuccess) {
    return (
      <p className="success-message" role="status">
        {CONTACT_THANK_YOU}
      </p>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate(values);
  };

  return (
    <form className="contact-form" onSubmit={submit}>
      <TextField label="Name" name="name" autoComplete="name" required maxLength={100} value={values.name} onChange={set('name')} error={fieldErrors.name} />
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        required
        maxLength={254}
        value={values.email}
        onChange={set('email')}
        error={fieldErrors.email}
      />
      <TextField label="Message" multiline name="message" required rows={6} maxLength={5000} value={values.message} onChange={set('message')} error={fieldErrors.message} />
      <div className="honeypot" aria-hidden="true">
        <label htmlFor="contact-website">Website</label>
        <input id="contact-website" name="website" type="text" tabIndex={-1} autoComplete="off" value={values.website} onChange={set('website')} />
      </div>
      {formError ? (
        <p className="form-error" role="alert">
          {formError}
        </p>
      ) : null}
      <Button type="submit" variant="primary" disabled={send.isPending}>
        Send Message
      </Button>
    </form>
  );
}
