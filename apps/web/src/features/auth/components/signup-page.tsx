import { zodResolver } from '@hookform/resolvers/zod';
import { ACCOUNT_LIMITS, ACCOUNT_MESSAGES, signupBodySchema, type SignupBody } from '@publisher/contract';
import { useEffect } from 'react';
import {
  useForm,
  type FieldErrors,
  type FieldValues,
  type Resolver,
  type ResolverResult,
  type ResolverSuccess,
} from 'react-hook-form';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { FieldMessage } from '../../../components/ui/field-message';
import { FormError } from '../../../components/ui/form-error';
import { Input } from '../../../components/ui/input';
import { PasswordInput } from '../../../components/ui/password-input';
import { paths } from '../../../config/paths';
import { keepDigits, useSubmitOnce } from '../../../lib/form';
import { AuthCard } from './auth-card';
import { useAuth } from './auth-provider';

/** The sign-up fields and the terms box, which is checked here and not sent (part 1 §5: it must be checked). */
interface SignupForm extends SignupBody {
  hasAcceptedTerms: boolean;
}

/** Shown when the terms box is unchecked again. */
export const ACCEPT_TERMS_MESSAGE = 'Please agree to the Terms & Conditions and Privacy policy.';

const EMPTY_VALUES: SignupForm = {
  fullName: '',
  email: '',
  phoneNumber: '',
  password: '',
  conformPassword: '',
  hasAcceptedTerms: false,
};
const contractResolver = zodResolver(signupBodySchema);
const isSuccess = <T extends FieldValues>(result: ResolverResult<T>): result is ResolverSuccess<T> =>
  Object.keys(result.errors).length === 0;

/**
 * The contract's own schema, so the form and the API cannot disagree, plus the terms box. zod runs the schema's
 * match check only once every field is valid; the form says it as soon as both passwords are typed.
 */
const signupResolver: Resolver<SignupForm> = async ({ hasAcceptedTerms, ...body }, context, options) => {
  const names = options.names?.filter((name): name is keyof SignupBody => name !== 'hasAcceptedTerms');
  const result = await contractResolver(body, context, { ...options, names });
  const isMismatch = body.password !== '' && body.conformPassword !== '' && body.password !== body.conformPassword;
  const errors: FieldErrors<SignupForm> = {
    ...result.errors,
    ...(isMismatch && !result.errors.conformPassword
      ? { conformPassword: { type: 'custom', message: ACCOUNT_MESSAGES.passwordsDiffer } }
      : {}),
    ...(hasAcceptedTerms ? {} : { hasAcceptedTerms: { type: 'required', message: ACCEPT_TERMS_MESSAGE } }),
  };
  return isSuccess(result) && Object.keys(errors).length === 0
    ? { values: { ...result.values, hasAcceptedTerms }, errors: {} }
    : { values: {}, errors };
};

/** /signup_publisher_0599 (part 1 §2, §4, §5). Each field is checked as it changes. */
export function SignupPage() {
  const { signUp, isLoading: isBusy, error, clearError } = useAuth();
  const submitOnce = useSubmitOnce();
  const form = useForm<SignupForm>({
    defaultValues: EMPTY_VALUES,
    resolver: signupResolver,
    mode: 'onChange',
  });
  const { errors, isValid } = form.formState;

  useEffect(() => clearError, [clearError]);

  const canSubmit = isValid && !isBusy;

  // A typed confirmation is checked again against the new password (an untouched one stays unflagged).
  const handlePasswordChange = () => {
    if (form.getValues('conformPassword') !== '' || errors.conformPassword) void form.trigger('conformPassword');
  };

  // Digits only, cut to the limit after stripping (a pasted "(555) 123-4567" keeps all ten digits; part 2 §5).
  const handlePhoneChange = keepDigits(ACCOUNT_LIMITS.phoneMax, (digits) =>
    form.setValue('phoneNumber', digits, { shouldValidate: true }),
  );

  // The terms box is the form's own: the call gets the contract's fields only.
  const handleValid = async ({ fullName, email, phoneNumber, password, conformPassword }: SignupForm) => {
    await signUp({ fullName, email, phoneNumber, password, conformPassword });
  };

  return (
    <AuthCard
      title="Let's Get Started – Sign Up in a Snap!"
      subtitle="Please fill the required information to signup."
      switchTo={{ question: 'Already have an account?', to: paths.signin, label: 'Log in' }}
    >
      <form noValidate onSubmit={submitOnce(form.handleSubmit(handleValid))} className="space-y-4">
        <Input
          label="Vendor Name"
          autoComplete="name"
          maxLength={ACCOUNT_LIMITS.fullNameMax}
          error={errors.fullName?.message}
          {...form.register('fullName')}
        />
        <Input
          label="Email Address"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <Input
          label="Phone Number"
          type="tel"
          autoComplete="tel-national"
          hint="Optional, digits only"
          inputMode="numeric"
          error={errors.phoneNumber?.message}
          {...form.register('phoneNumber', { onChange: handlePhoneChange })}
        />
        <PasswordInput
          label="Password"
          autoComplete="new-password"
          maxLength={ACCOUNT_LIMITS.passwordMax}
          error={errors.password?.message}
          {...form.register('password', { onChange: handlePasswordChange })}
        />
        <PasswordInput
          label="Confirm Password"
          autoComplete="new-password"
          maxLength={ACCOUNT_LIMITS.passwordMax}
          error={errors.conformPassword?.message}
          {...form.register('conformPassword')}
        />
        <div className="flex items-start gap-3">
          <input
            id="signup-terms"
            type="checkbox"
            aria-invalid={Boolean(errors.hasAcceptedTerms)}
            aria-describedby={errors.hasAcceptedTerms ? 'signup-terms-message' : undefined}
            {...form.register('hasAcceptedTerms')}
            className="mt-0.5 h-4 w-4 rounded border-slate-300 text-indigo-600 focus:ring-indigo-500"
          />
          <label htmlFor="signup-terms" className="text-sm text-slate-600">
            I agree to the{' '}
            <Link
              to={paths.termsCondition}
              target="_blank"
              rel="noreferrer"
              className="font-medium text-indigo-600 hover:underline"
            >
              Terms &amp; Conditions
            </Link>{' '}
            and{' '}
            <Link
              to={paths.policy}
              target="_blank"
              rel="noreferrer"
              className="font-medium text-indigo-600 hover:underline"
            >
              Privacy policy
            </Link>
          </label>
        </div>
        <FieldMessage id="signup-terms-message" error={errors.hasAcceptedTerms?.message} />
        <Button type="submit" isFullWidth disabled={!canSubmit} aria-busy={isBusy}>
          {isBusy ? 'Loading' : 'Sign Up'}
        </Button>
        <FormError message={error} />
      </form>
    </AuthCard>
  );
}
