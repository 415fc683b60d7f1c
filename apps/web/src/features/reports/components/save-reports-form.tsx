import { zodResolver } from '@hookform/resolvers/zod';
import {
  addDays,
  DATE_RANGE_MESSAGES,
  type DateRange,
  MAX_DATE_RANGE_DAYS,
  NO_RECORDS_MESSAGE,
  type SaveReportsResponse,
} from '@publisher/contract';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { DateField } from '../../../components/form/date-field';
import { DateRangeField } from '../../../components/form/date-range-field';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { FormError } from '../../../components/ui/form-error';
import { PageHeader } from '../../../components/ui/page-header';
import { useToast } from '../../../components/ui/toast-provider';
import { errorMessageOf } from '../../../lib/api-error';
import { settled, useSubmitOnce } from '../../../lib/form';
import { dateRangeFormSchema, requiredDaySchema } from '../../../lib/date-range-form';
import { RANGE_MESSAGES } from '../lib/date-presets';
import { useToday } from '../lib/report-viewer';

/** The state of one save mutation, as the form needs it. */
interface SaveState {
  isPending: boolean;
  data: SaveReportsResponse | undefined;
  error: unknown;
  reset: () => void;
}

/** The spec's text for a save: its status message, or 'No Records found in this Date.' when there is none. */
export function saveResultMessage(response: SaveReportsResponse): string {
  return response.statusMessage ?? NO_RECORDS_MESSAGE;
}

interface SaveReportsFormBaseProps {
  title: string;
  /** Which upstream source the page saves. */
  source: string;
  state: SaveState;
}

interface SingleDateProps extends SaveReportsFormBaseProps {
  mode: 'single';
  /** The save (a mutation's mutateAsync): a second Save while it is out is dropped. */
  onSave: (date: string) => Promise<unknown>;
}

interface RangeProps extends SaveReportsFormBaseProps {
  mode: 'range';
  onSave: (range: DateRange) => Promise<unknown>;
}

/** The one date of saveDateQuerySchema / saveSingleDateQuerySchema (the pages send it as `date` or `startDate`). */
const singleDateResolver = zodResolver(z.object({ date: requiredDaySchema('Choose a date.') }));
/** saveRangeQuerySchema's rules, the end named when it is the field edited (part 1 §5). */
const rangeResolver = zodResolver(
  dateRangeFormSchema({
    maxDays: MAX_DATE_RANGE_DAYS,
    tooLongMessage: DATE_RANGE_MESSAGES.rangeTooLong,
    endBeforeStartMessage: RANGE_MESSAGES.endBeforeStart,
  }),
);

/**
 * A "Save Reports to DB" page (part 2 §2): one date (default yesterday) or Start/End (default yesterday to
 * today), the button, then the status message or 'No Records found in this Date.', or the failure's text.
 */
export function SaveReportsForm(props: SingleDateProps | RangeProps) {
  const { title, source } = props;
  return (
    <div className="max-w-3xl space-y-6">
      <PageHeader title={title} description={`Pulls the ${source} reports of the chosen dates into the database.`} />
      <Card>{props.mode === 'single' ? <SingleDateForm {...props} /> : <RangeForm {...props} />}</Card>
    </div>
  );
}

/** A save's answer is confirmed the app's one way, a toast (announced politely); a failure stays on the form. */
function SaveOutcome({ state }: { state: SaveState }) {
  const { showToast } = useToast();
  const { data } = state;
  useEffect(() => {
    if (data) showToast(saveResultMessage(data));
  }, [data, showToast]);
  return state.error ? <FormError message={errorMessageOf(state.error)} /> : null;
}

function SaveButton({ state, hasError }: { state: SaveState; hasError: boolean }) {
  return (
    <Button type="submit" disabled={hasError || state.isPending} aria-busy={state.isPending}>
      {state.isPending ? 'Saving…' : 'Save Reports to DB'}
    </Button>
  );
}

function SingleDateForm({ state, onSave }: SingleDateProps) {
  const today = useToday();
  const submitOnce = useSubmitOnce();
  const form = useForm<{ date: string }>({ defaultValues: { date: addDays(today, -1) }, resolver: singleDateResolver });
  const error = form.formState.errors.date?.message;

  const handleValid = ({ date }: { date: string }) => {
    return settled(onSave(date));
  };

  return (
    <form noValidate onSubmit={submitOnce(form.handleSubmit(handleValid))} className="space-y-5">
      <DateField form={form} name="date" label="Date" max={today} onEdit={state.reset} />
      <SaveButton state={state} hasError={Boolean(error)} />
      <SaveOutcome state={state} />
    </form>
  );
}

function RangeForm({ state, onSave }: RangeProps) {
  const today = useToday();
  const submitOnce = useSubmitOnce();
  const form = useForm<DateRange>({
    defaultValues: { startDate: addDays(today, -1), endDate: today },
    resolver: rangeResolver,
  });
  const { errors } = form.formState;

  const handleValid = (range: DateRange) => {
    return settled(onSave({ ...range }));
  };

  return (
    <form noValidate onSubmit={submitOnce(form.handleSubmit(handleValid))} className="space-y-5">
      <DateRangeField form={form} max={today} onEdit={state.reset} />
      <SaveButton state={state} hasError={Boolean(errors.startDate || errors.endDate)} />
      <SaveOutcome state={state} />
    </form>
  );
}
