import { zodResolver } from '@hookform/resolvers/zod';
import { ACCOUNT_LIMITS, ACCOUNT_MESSAGES, changePasswordBodySchema } from '@publisher/contract';
import { useState } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { z } from 'zod';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { FormError } from '../../../components/ui/form-error';
import { Input } from '../../../components/ui/input';
import { PageHeader } from '../../../components/ui/page-header';
import { PasswordInput } from '../../../components/ui/password-input';
import { useToast } from '../../../components/ui/toast-provider';
import { paths } from '../../../config/paths';
import { errorMessageOf } from '../../../lib/api-error';
import { useSubmitOnce } from '../../../lib/form';
import { useChangePassword } from '../api/use-change-password';
import { useAuth } from './auth-provider';

interface PasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

const EMPTY_VALUES: PasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * The contract's body without what the page adds itself (the user's _id; the fetcher adds the apiKey), plus the
 * confirmation, which the button's rule checks and the API never sees.
 */
const passwordResolver = zodResolver(
  changePasswordBodySchema.pick({ currentPassword: true, newPassword: true }).extend({ confirmPassword: z.string() }),
);

/** The first rule broken, shown above the button like a server error (part 2 §5). */
function firstMessageOf(errors: FieldErrors<PasswordValues>): string | null {
  return errors.currentPassword?.message ?? errors.newPassword?.message ?? null;
}

/** The part 2 §5 rule: every field filled and the new password typed the same twice. */
export function canSubmitPasswordChange(values: PasswordValues): boolean {
  return (
    values.currentPassword.length > 0 &&
    values.newPassword.length > 0 &&
    values.confirmPassword.length > 0 &&
    values.newPassword === values.confirmPassword
  );
}

/** /changePassword (part 2 §2, §4 "Password change", §5, §8). */
export function ChangePasswordPage() {
  const navigate = useNavigate();
  const { user, signOut } = useAuth();
  const { mutateAsync: changePassword, isPending } = useChangePassword();
  const form = useForm<PasswordValues>({
    defaultValues: EMPTY_VALUES,
    resolver: passwordResolver,
  });
  const values = useWatch({ control: form.control });
  const [error, setError] = useState<string | null>(null);
  const { showToast } = useToast();
  const submitOnce = useSubmitOnce();

  if (!user) return null;

  const canSubmit = canSubmitPasswordChange({ ...EMPTY_VALUES, ...values }) && !isPending;
  // Why the button stays disabled (part 1 §5's message for the same rule at sign-up), once the confirmation can no
  // longer become the new password: not while it is still being typed.
  const confirmation = values.confirmPassword ?? '';
  const mismatch =
    confirmation.length > 0 && !(values.newPassword ?? '').startsWith(confirmation)
      ? ACCOUNT_MESSAGES.passwordsDiffer
      : null;
  const clearServerError = () => setError(null);

  const handleValid = async ({ currentPassword, newPassword }: PasswordValues) => {
    if (!canSubmit) return;
    try {
      const response = await changePassword({ body: { _id: user._id, currentPassword, newPassword } });
      // Part 2 §2's dialog leads to a fresh sign-in (the API has revoked this session's token) by a Log in click;
      // the app's one confirmation, an announced toast, says it and the sign-in page opens at once.
      showToast(
        `${response.body.statusMessages[0] ?? ACCOUNT_MESSAGES.passwordChanged}. Please log in again with your new password.`,
      );
      signOut();
      void navigate(paths.signin, { replace: true });
    } catch (failure) {
      setError(errorMessageOf(failure));
    }
  };

  return (
    <div className="max-w-lg space-y-6">
      <PageHeader title="Change Password" />
      <Card>
        <form
          noValidate
          onSubmit={submitOnce((event) =>
            form.handleSubmit(handleValid, (errors) => setError(firstMessageOf(errors)))(event),
          )}
          className="space-y-5"
        >
          {/* Lets password managers file the new password under the right account. */}
          <input type="text" name="username" autoComplete="username" value={user.email} readOnly hidden />
          <Input
            label="Old Password"
            type="password"
            autoComplete="current-password"
            {...form.register('currentPassword', { onChange: clearServerError })}
          />
          <PasswordInput
            label="New Password"
            autoComplete="new-password"
            maxLength={ACCOUNT_LIMITS.passwordMax}
            {...form.register('newPassword', { onChange: clearServerError })}
          />
          <Input
            label="Confirm Password"
            type="password"
            autoComplete="new-password"
            maxLength={ACCOUNT_LIMITS.passwordMax}
            error={mismatch}
            {...form.register('confirmPassword', { onChange: clearServerError })}
          />
          <FormError message={error} />
          <Button type="submit" isFullWidth disabled={!canSubmit} aria-busy={isPending}>
            {isPending ? 'Loading' : 'Change Password'}
          </Button>
        </form>
      </Card>
    </div>
  );
}
