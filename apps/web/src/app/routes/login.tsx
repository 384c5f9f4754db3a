import { LoginForm } from '@/features/auth/components/login-form';

export function LoginRoute() {
  return (
    <div className="auth-page">
      <LoginForm />
    </div>
  );
}
