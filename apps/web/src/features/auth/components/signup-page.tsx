import { ACCOUNT_LIMITS, ACCOUNT_MESSAGES, signupBodySchema, type SignupBody } from '@publisher/contract';
import { useEffect, useState, type SubmitEvent } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/form-error';
import { Input } from '../../../components/ui/input';
import { PasswordInput } from '../../../components/ui/password-input';
import { paths } from '../../../config/paths';
import { digitsInputProps, firstIssuePerField } from '../../../lib/form';
import { AuthCard } from './auth-card';
import { useAuth } from './auth-provider';

const FIELDS = ['fullName', 'email', 'phoneNumber', 'password', 'conformPassword'] as const;
type SignupField = (typeof FIELDS)[number];
type SignupValues = Record<SignupField, string>;

const REQUIRED_FIELDS: readonly SignupField[] = ['fullName', 'email', 'password', 'conformPassword'];
const EMPTY_VALUES: SignupValues = { fullName: '', email: '', phoneNumber: '', password: '', conformPassword: '' };

/** Validates with the contract's own schema, so the form and the API cannot disagree. */
export function signupFieldErrors(values: SignupValues): Partial<Record<SignupField, string>> {
  const parsed = signupBodySchema.safeParse(values);
  const errors: Partial<Record<SignupField, string>> = parsed.success ? {} : firstIssuePerField(parsed.error, FIELDS);
  // zod runs the schema's match check only once every field is valid; say it as soon as both are typed.
  if (values.password && values.conformPassword && values.password !== values.conformPassword) {
    errors.conformPassword ??= ACCOUNT_MESSAGES.passwordsDiffer;
  }
  return errors;
}

/** /signup_publisher_0599 (part 1 §2, §4, §5). */
export function SignupPage() {
  const { signUp, isLoading: isBusy, error, clearError } = useAuth();
  const [values, setValues] = useState<SignupValues>(EMPTY_VALUES);
  const [touched, setTouched] = useState<Partial<Record<SignupField, boolean>>>({});
  const [hasAcceptedTerms, setHasAcceptedTerms] = useState(false);

  useEffect(() => clearError, [clearError]);

  const errors = signupFieldErrors(values);
  const visibleError = (field: SignupField) => (touched[field] ? errors[field] : undefined);
  const isComplete = REQUIRED_FIELDS.every((field) => values[field].trim().length > 0);
  const canSubmit = isComplete && hasAcceptedTerms && Object.keys(errors).length === 0 && !isBusy;

  const handleChange = (field: SignupField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setTouched((current) => ({ ...current, [field]: true }));
  };

  const handleSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canSubmit) return;
    const body: SignupBody = { ...values };
    await signUp(body);
  };

  return (
    <AuthCard
      title="Let's Get Started – Sign Up in a Snap!"
      subtitle="Please fill the required information to signup."
      switchTo={{ question: 'Already have an account?', to: paths.signin, label: 'Log in' }}
    >
      <form noValidate onSubmit={(event) => void handleSubmit(event)} className="space-y-4">
        <Input
          label="Vendor Name"
          name="fullName"
          autoComplete="name"
          maxLength={ACCOUNT_LIMITS.fullNameMax}
          value={values.fullName}
          error={visibleError('fullName')}
          onChange={(event) => handleChange('fullName', event.target.value)}
        />
        <Input
          label="Email Address"
          type="email"
          name="email"
          autoComplete="email"
          value={values.email}
          error={visibleError('email')}
          onChange={(event) => handleChange('email', event.target.value)}
        />
        <Input
          label="Phone Number"
          type="tel"
          name="phoneNumber"
          autoComplete="tel-national"
          hint="Optional, digits only"
          value={values.phoneNumber}
          error={visibleError('phoneNumber')}
          {...digitsInputProps(ACCOUNT_LIMITS.phoneMax, (digits) => handleChange('phoneNumber', digits))}
        />
        <PasswordInput
          label="Password"
          name="password"
          autoComplete="new-password"
          maxLength={ACCOUNT_LIMITS.passwordMax}
          value={values.password}
          error={visibleError('password')}
          onChange={(event) => handleChange('password', event.target.value)}
        />
        <PasswordInput
          label="Confirm Password"
          name="conformPassword"
          autoComplete="new-password"
          maxLength={ACCOUNT_LIMITS.passwordMax}
          value={values.conformPassword}
          error={visibleError('conformPassword')}
          onChange={(event) => handleChange('conformPassword', event.target.value)}
        />
        <div className="flex items-start gap-3">
          <input
            id="signup-terms"
            type="checkbox"
            checked={hasAcceptedTerms}
            onChange={(event) => setHasAcceptedTerms(event.target.checked)}
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
        <Button type="submit" isFullWidth disabled={!canSubmit} aria-busy={isBusy}>
          {isBusy ? 'Loading' : 'Sign Up'}
        </Button>
        <FormError message={error} />
      </form>
    </AuthCard>
  );
}
