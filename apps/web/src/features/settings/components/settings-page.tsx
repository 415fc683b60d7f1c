import { updateVendorSettingsBodySchema, type User, type VendorSettings } from '@publisher/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { FormError } from '../../../components/ui/form-error';
import { Input } from '../../../components/ui/input';
import { Modal } from '../../../components/ui/modal';
import { PageHeader } from '../../../components/ui/page-header';
import { CopyButton } from '../../../components/ui/copy-button';
import { ErrorState } from '../../../components/ui/error-state';
import { Spinner } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast-provider';
import { errorMessageOf } from '../../../lib/api-error';
import { copyText } from '../../../lib/clipboard';
import { useRegenerateApiKey } from '../api/use-regenerate-api-key';
import { useUpdateVendorSettings } from '../api/use-update-vendor-settings';
import { useVendorSettings } from '../api/use-vendor-settings';
import { useSubmitOnce } from '../../../lib/form';

const EMAIL_FIELDS = ['secondaryEmail', 'secondaryEmail2', 'secondaryEmail3', 'secondaryEmail4'] as const;
type EmailField = (typeof EMAIL_FIELDS)[number];
type EmailValues = Record<EmailField, string>;

const emailResolver = zodResolver(
  updateVendorSettingsBodySchema.required().pick({
    secondaryEmail: true,
    secondaryEmail2: true,
    secondaryEmail3: true,
    secondaryEmail4: true,
  }),
);

interface SettingsPageProps {
  /**
   * The account changed on the server (new apiKey, short-URL switch): the app refreshes the signed-in user so
   * every later call and screen uses the new values. Given the new user when the answer carries it.
   */
  onUserChanged: (user?: User) => void;
}

/** `/Settings` (content "not shown" in the spec; designed): API key, short URLs, secondary emails, domains. */
export function SettingsPage({ onUserChanged }: SettingsPageProps) {
  const settings = useVendorSettings();
  const data = settings.data?.body.data;
  return (
    <div className="max-w-3xl space-y-6">
      <PageHeader
        title="Settings"
        description="Your API key, short links and the addresses that get copies of our emails."
      />
      <ErrorState
        error={settings.error}
        onRetry={() => void settings.refetch()}
        isRetrying={settings.isFetching}
        what="Your settings"
      />
      {settings.isPending ? <Spinner label="Loading settings" /> : null}
      {data ? (
        <>
          <ApiKeyCard settings={data} onUserChanged={onUserChanged} />
          <ShortUrlCard settings={data} onUserChanged={onUserChanged} />
          <SecondaryEmailsCard settings={data} />
          <CustomDomainsCard settings={data} />
        </>
      ) : null}
    </div>
  );
}

function ApiKeyCard({ settings, onUserChanged }: { settings: VendorSettings } & SettingsPageProps) {
  const { showToast } = useToast();
  const regenerate = useRegenerateApiKey();
  const [isConfirmOpen, setIsConfirmOpen] = useState(false);

  const handleCopy = async () => {
    const isCopied = await copyText(settings.apiKey);
    showToast(isCopied ? 'API key copied to clipboard' : 'Copy is not available here');
    return isCopied;
  };

  const handleRegenerate = () => {
    setIsConfirmOpen(false);
    regenerate.mutate(
      { body: {} },
      {
        onSuccess: (response) => {
          onUserChanged(response.body.data);
          showToast('A new API key was issued');
        },
      },
    );
  };

  return (
    <Card className="space-y-4">
      <h2 className="text-lg font-semibold text-slate-900">API key</h2>
      <p className="text-sm text-slate-600">
        Scripts and report downloads sign their calls with this key and your vendor id {settings.vendorId}.
      </p>
      <div className="flex flex-wrap items-center gap-3">
        {/* A full line of its own below sm: beside the buttons a phone left it 89 pixels wide. */}
        <code
          aria-label="API key"
          className="w-full min-w-0 break-all rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 font-mono text-sm text-slate-900 sm:w-auto sm:flex-1"
        >
          {settings.apiKey}
        </code>
        <CopyButton onCopy={handleCopy}>Copy</CopyButton>
        <Button
          variant="danger"
          onClick={() => setIsConfirmOpen(true)}
          disabled={regenerate.isPending}
          aria-busy={regenerate.isPending}
        >
          {regenerate.isPending ? 'Regenerating…' : 'Regenerate'}
        </Button>
      </div>
      {regenerate.error ? <FormError message={errorMessageOf(regenerate.error)} /> : null}
      <Modal
        isOpen={isConfirmOpen}
        title="Regenerate the API key?"
        onClose={() => setIsConfirmOpen(false)}
        actions={
          <>
            <Button variant="secondary" onClick={() => setIsConfirmOpen(false)}>
              Cancel
            </Button>
            <Button variant="danger" onClick={handleRegenerate}>
              Regenerate
            </Button>
          </>
        }
      >
        <p>The current key stops working at once: scripts and saved download links that use it will be refused.</p>
      </Modal>
    </Card>
  );
}

function ShortUrlCard({ settings, onUserChanged }: { settings: VendorSettings } & SettingsPageProps) {
  const update = useUpdateVendorSettings();
  const isOn = settings.isShortUrlEnabled;
  const handleToggle = () => {
    update.mutate({ query: {}, body: { isShortUrlEnabled: !isOn } }, { onSuccess: () => onUserChanged() });
  };
  return (
    <Card className="space-y-4">
      <div className="flex items-center justify-between gap-4">
        <div>
          <h2 id="short-url-switch-label" className="text-lg font-semibold text-slate-900">
            Short URLs
          </h2>
          <p className="text-sm text-slate-600">Offer a Shorten button next to every generated link.</p>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={isOn}
          aria-labelledby="short-url-switch-label"
          disabled={update.isPending}
          onClick={handleToggle}
          className={`relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:opacity-50 ${isOn ? 'bg-indigo-600' : 'bg-slate-400'}`}
        >
          <span
            aria-hidden="true"
            className={`inline-block h-5 w-5 rounded-full bg-white shadow transition ${isOn ? 'translate-x-6' : 'translate-x-1'}`}
          />
        </button>
      </div>
      {update.error ? <FormError message={errorMessageOf(update.error)} /> : null}
      {settings.shortUrlDomains.length > 0 ? (
        <p className="text-sm text-slate-600">
          Short links are issued on:{' '}
          <span className="font-medium text-slate-800">{settings.shortUrlDomains.join(', ')}</span>
        </p>
      ) : null}
    </Card>
  );
}

function SecondaryEmailsCard({ settings }: { settings: VendorSettings }) {
  const update = useUpdateVendorSettings();
  const { showToast } = useToast();
  const submitOnce = useSubmitOnce();
  const form = useForm<EmailValues>({
    resolver: emailResolver,
    defaultValues: {
      secondaryEmail: settings.secondaryEmail,
      secondaryEmail2: settings.secondaryEmail2,
      secondaryEmail3: settings.secondaryEmail3,
      secondaryEmail4: settings.secondaryEmail4,
    },
  });
  const { errors, isSubmitting } = form.formState;

  const handleSave = form.handleSubmit(async (values) => {
    try {
      const response = await update.mutateAsync({ query: {}, body: values });
      const saved = response.body.data;
      form.reset({
        secondaryEmail: saved.secondaryEmail,
        secondaryEmail2: saved.secondaryEmail2,
        secondaryEmail3: saved.secondaryEmail3,
        secondaryEmail4: saved.secondaryEmail4,
      });
      showToast(response.body.statusMessages[0] ?? 'Settings updated.');
    } catch {
      // The mutation keeps the error; it is shown below the fields.
    }
  });

  return (
    <Card>
      <form noValidate aria-label="Secondary emails" onSubmit={submitOnce(handleSave)} className="space-y-5">
        <div>
          <h2 className="text-lg font-semibold text-slate-900">Secondary emails</h2>
          <p className="text-sm text-slate-600">
            Up to four more addresses that get copies of account and report emails.
          </p>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          {EMAIL_FIELDS.map((name, index) => (
            <Input
              key={name}
              type="email"
              label={`Secondary email ${index + 1}`}
              autoComplete="off"
              error={errors[name]?.message}
              {...form.register(name, {
                onChange: () => {
                  update.reset();
                },
              })}
            />
          ))}
        </div>
        {update.error ? <FormError message={errorMessageOf(update.error)} /> : null}
        <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting}>
          {isSubmitting ? 'Saving…' : 'Save emails'}
        </Button>
      </form>
    </Card>
  );
}

function CustomDomainsCard({ settings }: { settings: VendorSettings }) {
  return (
    <Card className="space-y-2">
      <h2 className="text-lg font-semibold text-slate-900">White-label domains</h2>
      {settings.customDomains.length === 0 ? (
        <p className="text-sm text-slate-600">None yet. Ask the support team to set one up for you.</p>
      ) : (
        <ul className="list-inside list-disc text-sm text-slate-800">
          {settings.customDomains.map((domain) => (
            <li key={domain}>{domain}</li>
          ))}
        </ul>
      )}
    </Card>
  );
}
