import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { MOBILE_NUMBER_HINT, signUpSchema } from '@fluent/contracts';
import { SignupForm } from './signup-form';

/**
 * docs/product.md#validation: a mobile number is exactly 10 digits. Three places check it, each where it must be
 * checked: the sign-up form (the browser's `pattern`), the API's schema (libs/contracts) and
 * Keycloak's user profile (deploy/keycloak/realm.json), which refuses an account created
 * through its admin API without it. This holds the three to one answer for every candidate.
 */
interface UserProfileAttribute {
  name: string;
  validations?: { pattern?: { pattern: string; 'error-message'?: string } };
}

const REALM_FILE = join(dirname(fileURLToPath(import.meta.url)), '../../../../../../deploy/keycloak/realm.json');

function realmMobileNumberRule() {
  const realm = JSON.parse(readFileSync(REALM_FILE, 'utf8')) as {
    components: Record<string, Array<{ providerId: string; config: Record<string, string[]> }>>;
  };
  const profile = realm.components['org.keycloak.userprofile.UserProfileProvider']!.find((c) => c.providerId === 'declarative-user-profile')!;
  const attributes = (JSON.parse(profile.config['kc.user.profile.config']![0]!) as { attributes: UserProfileAttribute[] }).attributes;
  const rule = attributes.find((attribute) => attribute.name === 'mobileNumber')!.validations!.pattern!;
  // Keycloak's pattern validator matches the whole value (Java's Matcher.matches()).
  const whole = new RegExp(`^(?:${rule.pattern})$`, 'u');
  return { accepts: (value: string) => whole.test(value), message: rule['error-message'] };
}

function signupFormMobileNumber() {
  render(
    <MemoryRouter>
      <SignupForm />
    </MemoryRouter>,
  );
  const input = screen.getByLabelText('Mobile Number') as HTMLInputElement;
  return {
    accepts: (value: string) => {
      input.value = value;
      return input.checkValidity();
    },
    hint: input.title,
  };
}

const CANDIDATES = [
  '0123456789',
  '9876543210',
  '012345678',
  '01234567890',
  '012345678a',
  '01234 5678',
  '012-345-67',
  '+914567890',
  '',
  // Digits of other scripts are not the ASCII digits the three rules mean.
  '０１２３４５６７８９',
  '٠١٢٣٤٥٦٧٨٩',
];

describe('the 10-digit mobile number rule (docs/product.md#validation)', () => {
  it('gets one answer from the sign-up form, the API schema and the Keycloak realm for every candidate', () => {
    const form = signupFormMobileNumber();
    const realm = realmMobileNumberRule();
    const api = (value: string) => signUpSchema.shape.mobileNumber.safeParse(value).success;
    const answers = CANDIDATES.map((value) => ({ value, form: form.accepts(value), api: api(value), realm: realm.accepts(value) }));
    const agreed = answers.map(({ value, form: answer }) => ({ value, form: answer, api: answer, realm: answer }));
    expect(answers).toEqual(agreed);
    // Not agreement on refusing everything: exactly the two 10-digit numbers pass.
    expect(answers.filter((a) => a.form).map((a) => a.value)).toEqual(['0123456789', '9876543210']);
  });

  it('has the same message in the three places', () => {
    expect(MOBILE_NUMBER_HINT).toBe('Mobile number should be 10 digits');
    expect(signupFormMobileNumber().hint).toBe(MOBILE_NUMBER_HINT);
    expect(realmMobileNumberRule().message).toBe(MOBILE_NUMBER_HINT);
    expect(signUpSchema.shape.mobileNumber.safeParse('1').error?.issues[0]?.message).toBe(MOBILE_NUMBER_HINT);
  });
});
