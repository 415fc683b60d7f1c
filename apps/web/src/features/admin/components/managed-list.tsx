import { SETTINGS_MESSAGES } from '@publisher/contract';
import { useState, type ReactNode } from 'react';
import {
  Controller,
  useForm,
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Path,
  type Resolver,
} from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { FormError } from '../../../components/ui/form-error';
import { Input } from '../../../components/ui/input';
import { SearchableSelect } from '../../../components/ui/searchable-select';
import type { SelectOption } from '../../../components/ui/select';
import { PageHeader } from '../../../components/ui/page-header';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorState } from '../../../components/ui/error-state';
import { Spinner } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast-provider';
import { errorMessageOf } from '../../../lib/api-error';
import { useSubmitOnce } from '../../../lib/form';

export interface ManagedListField<TValues extends FieldValues> {
  name: Path<TValues>;
  label: string;
  placeholder?: string;
  /** Part 2 §5: an empty required field refuses the add with 'Please enter valid name'. */
  isRequired: boolean;
  inputMode?: 'text' | 'numeric';
  /**
   * Makes the field a searchable picker of these choices instead of a text field (the Vendor Id: vendors by name
   * and id). The form keeps the chosen value, so the contract's schema checks it as it checks a typed one.
   */
  choices?: FieldChoices;
}

/** The options of a picker field and the state of the read that lists them. */
export interface FieldChoices {
  options: readonly SelectOption[];
  isLoading: boolean;
  /** The read's failure, shown under the field with its Retry. */
  error: unknown;
  onRetry: () => void;
  isRetrying: boolean;
  /** A line under the field, e.g. that only the newest accounts are listed. */
  hint?: string | undefined;
  /**
   * Choices searched on the server: told what the user types, and `options` are then its matches (shown as they
   * are). The chosen option stays shown while other texts are searched.
   */
  onQueryChange?: (query: string) => void;
  placeholder: string;
  noMatchesMessage: string;
}

export interface ManagedListProps<TItem, TValues extends FieldValues, TOutput> {
  title: string;
  description: string;
  /** The list's heading ('Existing Sizes Titles list'). */
  listTitle: string;
  /** The button that reveals the form ('Add New Custom Domain'). */
  addLabel: string;
  fields: readonly ManagedListField<TValues>[];
  defaultValues: DefaultValues<TValues>;
  /** The contract's body schema, through zodResolver: the form checks what the API will check. */
  resolver: Resolver<TValues, unknown, TOutput>;
  items: readonly TItem[];
  isLoading: boolean;
  loadError: unknown;
  /** Reads the list again after a failed load. */
  onRetry: () => void;
  isRetrying?: boolean;
  itemKey: (item: TItem) => string;
  /** What a row shows. */
  itemText: (item: TItem) => ReactNode;
  /** The row in words, for its delete button's label. */
  itemName: (item: TItem) => string;
  /** Adds the entry; resolves to the success notice. The caller reloads the list. */
  onAdd: (values: TOutput) => Promise<string>;
  /** Deletes the entry; resolves to the notice. The caller reloads the list. */
  onDelete: (item: TItem) => Promise<string>;
}

/** The form's inputs are text: a missing or all-space value is empty. */
function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** Part 2 §5: one message for an empty add form, whichever required field is empty. */
function withRequiredFields<TValues extends FieldValues, TOutput>(
  resolver: Resolver<TValues, unknown, TOutput>,
  required: readonly Path<TValues>[],
): Resolver<TValues, unknown, TOutput> {
  return async (values, context, options) => {
    const isEmpty = required.some((name) => isBlank(values[name]));
    if (isEmpty) {
      const errors: FieldErrors<TValues> = {};
      errors.root = { required: { type: 'required', message: SETTINGS_MESSAGES.nameRequired } };
      return { values: {}, errors };
    }
    return resolver(values, context, options);
  };
}

/**
 * The add/list/delete screen of part 2 §4 "Add forms", shared by Custom Domains, Unique Title Filters and Short URL
 * Domains: the form stays hidden until the Add button is pressed; an empty form says 'Please enter valid name' and
 * the message clears on typing; a successful add closes the form, clears it, reloads the list and shows a notice;
 * a delete reloads the list and shows a notice; the server's refusal (a duplicate) is shown as it words it.
 */
/** The choices with the chosen option among them (first), when a search has left it out. */
function withChosen(options: readonly SelectOption[], chosen: SelectOption | undefined): readonly SelectOption[] {
  return chosen && !options.some((option) => option.value === chosen.value) ? [chosen, ...options] : options;
}

export function ManagedList<TItem, TValues extends FieldValues, TOutput>({
  title,
  description,
  listTitle,
  addLabel,
  fields,
  defaultValues,
  resolver,
  items,
  isLoading,
  loadError,
  onRetry,
  isRetrying = false,
  itemKey,
  itemText,
  itemName,
  onAdd,
  onDelete,
}: ManagedListProps<TItem, TValues, TOutput>) {
  const [isFormOpen, setIsFormOpen] = useState(false);
  const { showToast } = useToast();
  const [serverError, setServerError] = useState<string | null>(null);
  const [deletingKey, setDeletingKey] = useState<string | null>(null);
  /** The entry whose delete waits for the user's confirmation. */
  const [pendingDelete, setPendingDelete] = useState<TItem | null>(null);
  /** Per picker field, the option chosen: searched choices may no longer list it. */
  const [chosen, setChosen] = useState<Partial<Record<string, SelectOption>>>({});
  const [requiredResolver] = useState(() =>
    withRequiredFields(
      resolver,
      fields.filter((field) => field.isRequired).map((field) => field.name),
    ),
  );
  const form = useForm<TValues, unknown, TOutput>({ defaultValues, resolver: requiredResolver });
  const submitOnce = useSubmitOnce();
  const { errors, isSubmitting } = form.formState;

  const clearMessages = () => {
    form.clearErrors();
    setServerError(null);
  };

  const handleAdd = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      const message = await onAdd(values);
      form.reset(defaultValues);
      setChosen({});
      setIsFormOpen(false);
      showToast(message);
    } catch (failure) {
      setServerError(errorMessageOf(failure));
    }
  });

  const handleDelete = async (item: TItem) => {
    setPendingDelete(null);
    setServerError(null);
    setDeletingKey(itemKey(item));
    try {
      showToast(await onDelete(item));
    } catch (failure) {
      setServerError(errorMessageOf(failure));
    } finally {
      setDeletingKey(null);
    }
  };

  const handleCancel = () => {
    form.reset(defaultValues);
    setChosen({});
    clearMessages();
    setIsFormOpen(false);
  };

  return (
    <div className="max-w-4xl space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <PageHeader title={title} description={description} />
        {isFormOpen ? null : (
          <Button
            onClick={() => {
              setIsFormOpen(true);
            }}
          >
            {addLabel}
          </Button>
        )}
      </div>

      {isFormOpen ? (
        <Card>
          <form noValidate onSubmit={submitOnce(handleAdd)} aria-label={addLabel} className="space-y-5">
            <div className="grid gap-4 sm:grid-cols-2">
              {fields.map((field) => {
                const fieldError = errors[field.name];
                const message = typeof fieldError?.message === 'string' ? fieldError.message : undefined;
                const isInvalid = Boolean(errors.root) && field.isRequired && isBlank(form.getValues(field.name));
                const { choices } = field;
                if (choices) {
                  return (
                    <div key={field.name} className="space-y-2">
                      <Controller
                        control={form.control}
                        name={field.name}
                        render={({ field: control }) => (
                          <SearchableSelect
                            label={field.label}
                            options={withChosen(choices.options, chosen[field.name])}
                            value={typeof control.value === 'string' ? control.value : ''}
                            onChange={(value) => {
                              control.onChange(value);
                              const option = choices.options.find((candidate) => candidate.value === value);
                              if (option) setChosen((before) => ({ ...before, [field.name]: option }));
                              clearMessages();
                            }}
                            // Part 2 §5: the message clears on typing, here too.
                            onQueryChange={(query) => {
                              choices.onQueryChange?.(query);
                              if (query !== '') clearMessages();
                            }}
                            filtersOptions={choices.onQueryChange === undefined}
                            onBlur={control.onBlur}
                            inputRef={control.ref}
                            placeholder={choices.isLoading ? 'Loading…' : choices.placeholder}
                            noMatchesMessage={choices.noMatchesMessage}
                            disabled={choices.isLoading}
                            error={message}
                            isInvalid={isInvalid}
                            hint={choices.hint}
                          />
                        )}
                      />
                      <ErrorState
                        error={choices.error}
                        onRetry={choices.onRetry}
                        isRetrying={choices.isRetrying}
                        what={`The ${field.label} list`}
                      />
                    </div>
                  );
                }
                return (
                  <Input
                    key={field.name}
                    label={field.label}
                    placeholder={field.placeholder}
                    inputMode={field.inputMode}
                    autoComplete="off"
                    error={message}
                    isInvalid={isInvalid}
                    {...form.register(field.name, { onChange: clearMessages })}
                  />
                );
              })}
            </div>
            {errors.root?.['required']?.message ? (
              <p role="alert" className="text-sm text-rose-600">
                {errors.root['required'].message}
              </p>
            ) : null}
            <FormError message={serverError} />
            <div className="flex flex-wrap gap-3">
              <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting}>
                {isSubmitting ? 'Saving…' : 'Submit'}
              </Button>
              <Button variant="secondary" onClick={handleCancel}>
                Cancel
              </Button>
            </div>
          </form>
        </Card>
      ) : (
        <FormError message={serverError} />
      )}

      <section aria-labelledby="managed-list-heading" className="space-y-3">
        <h2 id="managed-list-heading" className="text-lg font-semibold text-slate-900">
          {listTitle}
        </h2>
        <ErrorState error={loadError} onRetry={onRetry} isRetrying={isRetrying} what={listTitle} />
        {isLoading ? (
          <Spinner label={`Loading ${listTitle}`} />
        ) : items.length === 0 ? (
          loadError ? null : (
            <p className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-8 text-center text-sm text-slate-600">
              Nothing added yet.
            </p>
          )
        ) : (
          <ul aria-label={listTitle} className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
            {items.map((item) => {
              const key = itemKey(item);
              const isDeleting = deletingKey === key;
              return (
                <li key={key} className="flex items-center justify-between gap-4 px-4 py-3 text-sm text-slate-800">
                  <span className="min-w-0 break-all">{itemText(item)}</span>
                  <button
                    type="button"
                    onClick={() => setPendingDelete(item)}
                    disabled={deletingKey !== null}
                    aria-label={`Delete ${itemName(item)}`}
                    className="shrink-0 rounded-lg p-2 text-rose-700 hover:bg-rose-50 focus-visible:outline-2 focus-visible:outline-rose-600 disabled:opacity-50"
                  >
                    {isDeleting ? (
                      <Spinner label="Deleting" />
                    ) : (
                      <svg
                        aria-hidden="true"
                        viewBox="0 0 24 24"
                        fill="none"
                        stroke="currentColor"
                        strokeWidth="1.8"
                        className="h-5 w-5"
                      >
                        <path d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
                      </svg>
                    )}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <ConfirmDialog
        isOpen={pendingDelete !== null}
        title={pendingDelete === null ? 'Delete' : `Delete ${itemName(pendingDelete)}?`}
        confirmLabel="Delete"
        onConfirm={() => {
          if (pendingDelete !== null) void handleDelete(pendingDelete);
        }}
        onCancel={() => setPendingDelete(null)}
      >
        It is removed from {listTitle} at once; adding it back takes the form again.
      </ConfirmDialog>
    </div>
  );
}
