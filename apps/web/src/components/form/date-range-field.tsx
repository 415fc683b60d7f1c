import type { ReactNode } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { DateRangeInputs } from '../ui/date-range-inputs';
import type { DateRange } from '@publisher/contract';

type RangeField = keyof DateRange;

interface DateRangeFieldProps {
  /** A react-hook-form form whose values are the range (resolver: lib/date-range-form.ts). */
  form: UseFormReturn<DateRange>;
  startLabel?: string;
  endLabel?: string;
  max?: string;
  className?: string;
  /** Told after either date changes (e.g. to clear an earlier result). */
  onEdit?: () => void;
  /**
   * Told when a change leaves the whole range valid (screens that read the range as it is edited, with no
   * Submit). The other field is then checked too, so its message (e.g. still empty) shows.
   */
  onValidRange?: (range: DateRange) => void;
  /** Actions on the fields' row (DateRangeInputs' children). */
  children?: ReactNode;
}

const OTHER: Readonly<Record<RangeField, RangeField>> = { startDate: 'endDate', endDate: 'startDate' };

/**
 * DateRangeInputs bound to a react-hook-form range. Each change validates the field just edited and drops the
 * other's error, so a start after the end is reported in the words of the field the user touched.
 */
export function DateRangeField({ form, onEdit, onValidRange, ...inputs }: DateRangeFieldProps) {
  const [startDate, endDate] = useWatch({ control: form.control, name: ['startDate', 'endDate'] });
  const { errors } = form.formState;

  const handleChange = (field: RangeField) => (value: string) => {
    form.clearErrors(OTHER[field]);
    form.setValue(field, value, { shouldDirty: true });
    onEdit?.();
    void form.trigger(field).then(async (isValid) => {
      if (!onValidRange || !isValid || !(await form.trigger(OTHER[field]))) return;
      onValidRange(form.getValues());
    });
  };

  return (
    <DateRangeInputs
      {...inputs}
      startDate={startDate}
      endDate={endDate}
      error={errors.startDate?.message ?? errors.endDate?.message ?? null}
      invalidField={errors.startDate ? 'startDate' : errors.endDate ? 'endDate' : undefined}
      onStartDateChange={handleChange('startDate')}
      onEndDateChange={handleChange('endDate')}
    />
  );
}
