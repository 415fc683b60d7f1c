import { useWatch } from 'react-hook-form';
import { DateRangeField } from '../../../components/form/date-range-field';
import { ToggleGroup, type ToggleOption } from '../../../components/ui/toggle-group';
import { formatDateRange } from '../../../lib/format';
import { DATE_PRESET_LABELS, DATE_PRESETS, type DatePreset } from '../lib/date-presets';
import type { ReportRange } from '../lib/report-range';

const PRESET_OPTIONS: readonly ToggleOption<DatePreset>[] = DATE_PRESETS.map((preset) => ({
  value: preset,
  label: DATE_PRESET_LABELS[preset],
}));

interface ReportDateFilterProps {
  range: ReportRange;
  /** Called after any change, e.g. to go back to page 1. */
  onChange?: () => void;
}

/**
 * The quick date buttons and the custom Start/End range of the report screens; no date can be after today. While
 * the fields hold a range the form refuses, the figures below are still those of the last valid one: a note names
 * that range, so they are not read as the typed one's.
 */
export function ReportDateFilter({ range, onChange }: ReportDateFilterProps) {
  const { form, preset, today, selectPreset, clearPreset, apply, applied } = range;
  const [startDate, endDate] = useWatch({ control: form.control, name: ['startDate', 'endDate'] });
  const { errors } = form.formState;
  const isShowingEarlierRange =
    (errors.startDate !== undefined || errors.endDate !== undefined) &&
    (startDate !== applied.startDate || endDate !== applied.endDate);
  return (
    <div className="space-y-4">
      <ToggleGroup
        label="Date range"
        options={PRESET_OPTIONS}
        value={preset}
        onChange={(next) => {
          selectPreset(next);
          onChange?.();
        }}
      />
      <DateRangeField
        form={form}
        max={today}
        onEdit={() => {
          clearPreset();
          onChange?.();
        }}
        onValidRange={apply}
      />
      {isShowingEarlierRange && (
        <p className="text-sm text-slate-600">
          Showing {formatDateRange(applied.startDate, applied.endDate)} until the dates above are valid.
        </p>
      )}
    </div>
  );
}
