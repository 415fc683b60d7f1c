import { useState } from 'react';
import { Select } from '../../../components/ui/select';
import { isCPCFor, type ConversionType } from '../lib/report-viewer';

/** A Type a report screen offers: one conversion type, or both together ('all', as the dashboard's CPC + CPA). */
export type ConversionTypeOption = ConversionType | 'all';

const OPTION_LABELS: Readonly<Record<ConversionTypeOption, string>> = { all: 'CPC + CPA', CPC: 'CPC', CPA: 'CPA' };

/**
 * The options of a vendor offered `conversionTypes`: with both, CPC + CPA comes first, so a report screen opens on
 * the dashboard's default and one range gives one total everywhere (issue 41); with one, that one alone.
 */
export function conversionTypeOptions(conversionTypes: readonly ConversionType[]): readonly ConversionTypeOption[] {
  return conversionTypes.includes('CPC') && conversionTypes.includes('CPA')
    ? ['all', ...conversionTypes]
    : conversionTypes;
}

export interface ConversionTypeChoice {
  /** The type in force: the chosen one while the menu still offers it, else the first offered, else none. */
  type: ConversionTypeOption | null;
  /** Part 1 §9: the choice as the calls send it; undefined (both types) for CPC + CPA or when nothing is offered. */
  isCPC: boolean | undefined;
  choose: (type: ConversionTypeOption) => void;
}

/** The Type of a conversion report screen: CPC and/or CPA as the menu flags offer them (part 1 §4), or both. */
export function useConversionType(conversionTypes: readonly ConversionType[]): ConversionTypeChoice {
  const options = conversionTypeOptions(conversionTypes);
  const [selected, setSelected] = useState<ConversionTypeOption | null>(options[0] ?? null);
  // A type the menu no longer offers (the user record was refreshed) falls back to the first offered one.
  const type = selected !== null && options.includes(selected) ? selected : (options[0] ?? null);
  return { type, isCPC: type === 'all' ? undefined : isCPCFor(type), choose: setSelected };
}

interface ConversionTypeSelectProps {
  conversionTypes: readonly ConversionType[];
  choice: ConversionTypeChoice;
  /** Called after a new type is chosen (the screens go back to page 1). */
  onChange: () => void;
}

/** The "Type" selector of the conversion report screens. */
export function ConversionTypeSelect({ conversionTypes, choice, onChange }: ConversionTypeSelectProps) {
  const options = conversionTypeOptions(conversionTypes);
  return (
    <Select
      label="Type"
      className="w-40"
      value={choice.type ?? ''}
      options={options.map((option) => ({ value: option, label: OPTION_LABELS[option] }))}
      onChange={(event) => {
        const next = options.find((option) => option === event.target.value);
        if (next) choice.choose(next);
        onChange();
      }}
    />
  );
}
