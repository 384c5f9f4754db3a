// Apart from the schema in schemas.ts, so that the contact page does not load the validation library.

export const CONTACT_THANK_YOU =
  "Thank you! Your message has been sent successfully. We'll get back to you soon.";
