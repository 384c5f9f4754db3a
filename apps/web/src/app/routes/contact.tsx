import { env } from '@/config/env';
import { ContactForm } from '@/features/contact/components/contact-form';

export function ContactRoute() {
  return (
    <div className="contact-page">
      <header className="page-header">
        <h1>Contact Us</h1>
        <p className="lead">A question about a test, your account or a payment? Send us a message and we will answer by email, usually within two working days.</p>
      </header>
      <div className="contact-layout">
        <section className="card" aria-labelledby="contact-form-heading">
          <h2 id="contact-form-heading">Send us a message</h2>
          <ContactForm />
        </section>
        <aside className="contact-aside" aria-labelledby="contact-mail-heading">
          <h2 id="contact-mail-heading">Write to us</h2>
          <p>
            You can also write to our support team at <a href={`mailto:${env.supportEmail}`}>{env.supportEmail}</a>.
          </p>
          <p className="meta">We never ask for your password, by email or anywhere else.</p>
        </aside>
      </div>
    </div>
  );
}
