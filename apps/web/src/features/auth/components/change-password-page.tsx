import { ACCOUNT_LIMITS, ACCOUNT_MESSAGES, changePasswordBodySchema } from '@publisher/contract';
import { useState, type SubmitEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAlert } from '../../../components/ui/alert-provider';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { FormError } from '../../../components/ui/form-error';
import { Input } from '../../../components/ui/input';
import { PageHeader } from '../../../components/ui/page-header';
import { PasswordInput } from '../../../components/ui/password-input';
import { paths } from '../../../config/paths';
import { errorMessageOf } from '../../../lib/api-error';
import { useChangePassword } from '../api/use-change-password';
import { useAuth } from './auth-provider';

interface PasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

const EMPTY_VALUES: PasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

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
  const [values, setValues] = useState<PasswordValues>(EMPTY_VALUES);
  const [error, setError] = useState<string | null>(null);
  const { showAlert } = useAlert();

  if (!user) return null;

  const handleChange = (field: keyof PasswordValues, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setError(null);
  };

  // The API has revoked this session's token, so the only way on is a fresh sign-in.
  const handleLogIn = () => {
    signOut();
    void navigate(paths.signin, { replace: true });
  };

  const handleSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canSubmitPasswordChange(values) || isPending) return;
    const parsed = changePasswordBodySchema.safeParse({
      _id: user._id,
      currentPassword: values.currentPassword,
      newPassword: values.newPassword,
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    try {
      const response = await changePassword({ body: parsed.data });
      // The global alert (part 2 §2 "Shell"): closing it, by Log in or Escape, leads to a fresh sign-in.
      showAlert({
        title: response.body.statusMessages[0] ?? ACCOUNT_MESSAGES.passwordChanged,
        message: 'Please log in again with your new password.',
        actionLabel: 'Log in',
        onClose: handleLogIn,
      });
    } catch (failure) {
      setError(errorMessageOf(failure));
    }
  };

  return (
    <div className="max-w-lg space-y-6">
      <PageHeader title="Change Password" />
      <Card>
        <form noValidate onSubmit={(event) => void handleSubmit(event)} className="space-y-5">
          {/* Lets password managers file the new password under the right account. */}
          <input type="text" name="username" autoComplete="username" value={user.email} readOnly hidden />
          <Input
            label="Old Password"
            type="password"
            name="currentPassword"
            autoComplete="current-password"
            value={values.currentPassword}
            onChange={(event) => handleChange('currentPassword', event.target.value)}
          />
          <PasswordInput
            label="New Password"
            name="newPassword"
            autoComplete="new-password"
            maxLength={ACCOUNT_LIMITS.passwordMax}
            value={values.newPassword}
            onChange={(event) => handleChange('newPassword', event.target.value)}
          />
          <Input
            label="Confirm Password"
            type="password"
            name="confirmPassword"
            autoComplete="new-password"
            maxLength={ACCOUNT_LIMITS.passwordMax}
            value={values.confirmPassword}
            onChange={(event) => handleChange('confirmPassword', event.target.value)}
          />
          <FormError message={error} />
          <Button
            type="submit"
            isFullWidth
            disabled={!canSubmitPasswordChange(values) || isPending}
            aria-busy={isPending}
          >
            {isPending ? 'Loading' : 'Change Password'}
          </Button>
        </form>
      </Card>
    </div>
  );
}
