import type { SigninBody } from '@publisher/contract';
import { useEffect, useState, type SubmitEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/form-error';
import { Input } from '../../../components/ui/input';
import { PasswordInput } from '../../../components/ui/password-input';
import { paths } from '../../../config/paths';
import { firstIssuePerField } from '../../../lib/form';
import { loadAuthRequests } from '../api/load-auth-requests';
import { AuthCard } from './auth-card';
import { useAuth } from './auth-provider';

const FIELDS = ['email', 'password'] as const;
type SigninField = (typeof FIELDS)[number];

/**
 * /signin (part 1 §2, §4, §5, §8). On success the session is stored and the route guard sends the user to the
 * menu's landing page.
 */
export function SigninPage() {
  const { signIn, isLoading: isBusy, error, clearError } = useAuth();
  const [values, setValues] = useState<SigninBody>({ email: '', password: '' });
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<SigninField, string>>>({});

  // A failure shown here must not follow the user to the sign-up screen.
  useEffect(() => clearError, [clearError]);

  const handleChange = (field: SigninField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setFieldErrors((current) => ({ ...current, [field]: undefined }));
  };

  const handleSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const requests = await loadAuthRequests().catch(() => null);
    // Without the session layer (the network is gone) the sign-in call fails too and shows why.
    if (!requests) {
      await signIn(values);
      return;
    }
    const parsed = requests.signinBodySchema.safeParse(values);
    if (!parsed.success) {
      setFieldErrors(firstIssuePerField(parsed.error, FIELDS));
      return;
    }
    await signIn(parsed.data);
  };

  return (
    <AuthCard
      title="Sign in to Publisher Portal"
      subtitle="Welcome back. Enter your email and password to continue."
      switchTo={{ question: 'New to Publisher Portal?', to: paths.signup, label: 'Sign up' }}
    >
      {/* The session layer (schemas, auth calls) loads once the visitor starts on the form, not with the page. */}
      <form
        noValidate
        onFocus={() => void loadAuthRequests().catch(() => undefined)}
        onSubmit={(event) => void handleSubmit(event)}
        className="space-y-5"
      >
        <Input
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          value={values.email}
          error={fieldErrors.email}
          onChange={(event) => handleChange('email', event.target.value)}
        />
        <PasswordInput
          label="Password"
          name="password"
          autoComplete="current-password"
          value={values.password}
          error={fieldErrors.password}
          onChange={(event) => handleChange('password', event.target.value)}
        />
        <Button type="submit" isFullWidth disabled={isBusy} aria-busy={isBusy}>
          {isBusy ? 'Loading' : 'Login'}
        </Button>
        <FormError message={error} />
      </form>
    </AuthCard>
  );
}
