import { NO_RECORDS_MESSAGE, type SaveReportsResponse } from '@publisher/contract';
import { useId, useState, type SubmitEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { DateRangeInputs } from '../../../components/ui/date-range-inputs';
import { fieldClasses } from '../../../components/ui/field-message';
import { FormError } from '../../../components/ui/form-error';
import { FormSuccess } from '../../../components/ui/form-success';
import { PageHeader } from '../../../components/ui/page-header';
import { errorMessageOf } from '../../../lib/api-error';
import { addDays, type DateRange } from '../../../lib/dates';
import { rangeError, type RangeField } from '../lib/date-presets';
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
  onSave: (date: string) => void;
}

interface RangeProps extends SaveReportsFormBaseProps {
  mode: 'range';
  onSave: (range: DateRange) => void;
}

/**
 * A "Save Reports to DB" page (part 2 §2): one date (default yesterday) or Start/End (default yesterday to
 * today), the button, then the status message or 'No Records found in this Date.', or the failure's text.
 */
export function SaveReportsForm(props: SingleDateProps | RangeProps) {
  const { title, source, state } = props;
  const today = useToday();
  const dateId = useId();
  const [date, setDate] = useState(() => addDays(today, -1));
  const [range, setRange] = useState<DateRange>(() => ({ startDate: addDays(today, -1), endDate: today }));
  const [lastEdited, setLastEdited] = useState<RangeField>('startDate');
  const error = props.mode === 'range' ? rangeError(range, lastEdited) : null;
  const isComplete = props.mode === 'range' ? range.startDate !== '' && range.endDate !== '' : date !== '';

  const handleRangeEdit = (field: RangeField, value: string) => {
    setRange((current) => ({ ...current, [field]: value }));
    setLastEdited(field);
    state.reset();
  };

  const handleSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!isComplete || error || state.isPending) return;
    if (props.mode === 'single') props.onSave(date);
    else props.onSave({ ...range });
  };

  return (
    <div className="max-w-3xl space-y-6">
      <PageHeader title={title} description={`Pulls the ${source} reports of the chosen dates into the database.`} />
      <Card>
        <form noValidate onSubmit={handleSubmit} className="space-y-5">
          {props.mode === 'single' ? (
            <div>
              <label htmlFor={dateId} className="mb-1.5 block text-sm font-medium text-slate-700">
                Date
              </label>
              <input
                id={dateId}
                type="date"
                value={date}
                max={today}
                onChange={(event) => {
                  setDate(event.target.value);
                  state.reset();
                }}
                className={fieldClasses(false, 'w-44')}
              />
            </div>
          ) : (
            <DateRangeInputs
              startDate={range.startDate}
              endDate={range.endDate}
              error={error}
              max={today}
              onStartDateChange={(value) => handleRangeEdit('startDate', value)}
              onEndDateChange={(value) => handleRangeEdit('endDate', value)}
            />
          )}
          <Button type="submit" disabled={!isComplete || Boolean(error) || state.isPending} aria-busy={state.isPending}>
            {state.isPending ? 'Saving…' : 'Save Reports to DB'}
          </Button>
          {state.data ? <FormSuccess message={saveResultMessage(state.data)} /> : null}
          {state.error ? <FormError message={errorMessageOf(state.error)} /> : null}
        </form>
      </Card>
    </div>
  );
}
