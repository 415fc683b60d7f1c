import { DATE_RANGE_MESSAGES, MAX_FEED_REPORT_DAYS } from '@publisher/contract';
import { useState, type SubmitEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { DateRangeInputs } from '../../../components/ui/date-range-inputs';
import { dayCount } from '../../../lib/dates';

export interface FeedRange {
  startDate: string;
  endDate: string;
}

interface FeedRangeFormProps {
  initial: FeedRange;
  /** Latest day either field offers. */
  max: string;
  isBusy: boolean;
  onSubmit: (range: FeedRange) => void;
}

function rangeProblem({ startDate, endDate }: FeedRange): string | null {
  if (startDate === '' || endDate === '') return 'Choose both dates.';
  if (startDate > endDate) return DATE_RANGE_MESSAGES.startAfterEnd;
  if (dayCount({ startDate, endDate }) > MAX_FEED_REPORT_DAYS)
    return `The date range can be at most ${MAX_FEED_REPORT_DAYS} days`;
  return null;
}

/** Start and End dates with Submit: the range a feed report reads (sent as chosen, never fixed dates). */
export function FeedRangeForm({ initial, max, isBusy, onSubmit }: FeedRangeFormProps) {
  const [draft, setDraft] = useState(initial);
  const [isSubmitted, setIsSubmitted] = useState(false);
  const problem = rangeProblem(draft);

  const handleSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setIsSubmitted(true);
    if (!problem) onSubmit({ ...draft });
  };

  return (
    <Card>
      <form noValidate onSubmit={handleSubmit} className="flex flex-wrap items-end gap-4">
        <DateRangeInputs
          startDate={draft.startDate}
          endDate={draft.endDate}
          max={max}
          error={isSubmitted || draft.startDate > draft.endDate ? problem : null}
          onStartDateChange={(value) => setDraft((current) => ({ ...current, startDate: value }))}
          onEndDateChange={(value) => setDraft((current) => ({ ...current, endDate: value }))}
        />
        <Button type="submit" aria-busy={isBusy}>
          Submit
        </Button>
      </form>
    </Card>
  );
}
