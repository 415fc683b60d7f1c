import type { SigninBody } from '@publisher/contract';
import { useEffect } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useLocation } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/form-error';
import { Input } from '../../../components/ui/input';
import { PasswordInput } from '../../../components/ui/password-input';
import { paths, SESSION_ENDED_QUERY } from '../../../config/paths';
import { loadAuthRequests } from '../api/load-auth-requests';
import { AuthCard } from './auth-card';
import { useAuth } from './auth-provider';

const EMPTY_VALUES: SigninBody = { email: '', password: '' };

/**
 * The contract's schema (zodResolver) comes with the lazily loaded session layer, so zod stays out of the page's
 * first load. Without the layer (the network is gone) the form lets the call go: it fails too and says why.
 */
const signinResolver: Resolver<SigninBody> = async (values, context, options) => {
  const requests = await loadAuthRequests().catch(() => null);
  return requests ? requests.signinResolver(values, context, options) : { values, errors: {} };
};

/**
 * /signin (part 1 §2, §4, §5, §8). On success the session is stored and the route guard sends the user to the
 * menu's landing page.
 */
export function SigninPage() {
  const { signIn, isLoading: isBusy, error, clearError } = useAuth();
  // Checked on submit only (part 1 §5); typing into a flagged field clears its flag until the next submit.
  const form = useForm<SigninBody>({
    defaultValues: EMPTY_VALUES,
    resolver: signinResolver,
    reValidateMode: 'onSubmit',
  });
  const { errors } = form.formState;
  // Sent here because the API ended the session (a password change elsewhere, a revoked token): said, not a mystery.
  const hasSessionEnded = useLocation().search === `?${SESSION_ENDED_QUERY}`;

  // A failure shown here must not follow the user to the sign-up screen.
  useEffect(() => clearError, [clearError]);

  const handleValid = async (body: SigninBody) => {
    await signIn(body);
  };

  return (
    <AuthCard
      title="Sign in to Publisher Portal"
      subtitle="Welcome back. Enter your email and password to continue."
      switchTo={{ question: 'New to Publisher Portal?', to: paths.signup, label: 'Sign up' }}
    >
      {hasSessionEnded ? (
        <p role="status" className="mb-5 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900">
          Your session has ended. Please sign in again.
        </p>
      ) : null}
      {/* The session layer (schemas, auth calls) loads once the visitor starts on the form, not with the page. */}
      <form
        noValidate
        onFocus={() => void loadAuthRequests().catch(() => undefined)}
        onSubmit={(event) => void form.handleSubmit(handleValid)(event)}
        className="space-y-5"
      >
        <Input
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...form.register('email', { onChange: () => form.clearErrors('email') })}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.register('password', { onChange: () => form.clearErrors('password') })}
        />
        <Button type="submit" isFullWidth disabled={isBusy} aria-busy={isBusy}>
          {isBusy ? 'Loading' : 'Login'}
        </Button>
        <FormError message={error} />
      </form>
    </AuthCard>
  );
}
