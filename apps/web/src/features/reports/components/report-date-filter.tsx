import { DateRangeField } from '../../../components/form/date-range-field';
import { ToggleGroup, type ToggleOption } from '../../../components/ui/toggle-group';
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

/** The quick date buttons and the custom Start/End range of the report screens; no date can be after today. */
export function ReportDateFilter({ range, onChange }: ReportDateFilterProps) {
  const { form, preset, today, selectPreset, clearPreset, apply } = range;
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
    </div>
  );
}
