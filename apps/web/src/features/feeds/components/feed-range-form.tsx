import { zodResolver } from '@hookform/resolvers/zod';
import { MAX_FEED_REPORT_DAYS } from '@publisher/contract';
import { useForm } from 'react-hook-form';
import { DateRangeField } from '../../../components/form/date-range-field';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { dateRangeFormSchema } from '../../../lib/date-range-form';

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

/** The feed-list calls' own range rule (feedListQuerySchema): at most MAX_FEED_REPORT_DAYS days. */
const feedRangeResolver = zodResolver(dateRangeFormSchema({ maxDays: MAX_FEED_REPORT_DAYS }));

/** Start and End dates with Submit: the range a feed report reads (sent as chosen, never fixed dates). */
export function FeedRangeForm({ initial, max, isBusy, onSubmit }: FeedRangeFormProps) {
  const form = useForm<FeedRange>({ defaultValues: initial, resolver: feedRangeResolver });

  return (
    <Card>
      <form noValidate onSubmit={(event) => void form.handleSubmit((range) => onSubmit({ ...range }))(event)}>
        <DateRangeField form={form} max={max}>
          <Button type="submit" aria-busy={isBusy}>
            Submit
          </Button>
        </DateRangeField>
      </form>
    </Card>
  );
}
