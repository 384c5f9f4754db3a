import { TextField } from '@/components/ui/text-field';

interface CredentialFieldsProps {
  email: string;
  password: string;
  onEmail: (value: string) => void;
  onPassword: (value: string) => void;
}

/** Email and password, as every sign-in form asks for them. */
export function CredentialFields({ email, password, onEmail, onPassword }: CredentialFieldsProps) {
  return (
    <>
      <TextField label="Email" type="email" name="email" autoComplete="email" required value={email} onChange={(e) => onEmail(e.target.value)} />
      <TextField
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(e) => onPassword(e.target.value)}
      />
    </>
  );
}
