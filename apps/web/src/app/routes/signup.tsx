import { SignupForm } from '@/features/auth/components/signup-form';

export function SignupRoute() {
  return (
    <div className="auth-page">
      <SignupForm />
    </div>
  );
}
