import { useState } from 'react';
import { Select } from '../../../components/ui/select';
import { isCPCFor, type ConversionType } from '../lib/report-viewer';

export interface ConversionTypeChoice {
  /** The type in force: the chosen one while the menu still offers it, else the first offered, else none. */
  type: ConversionType | null;
  /** Part 1 §9: the choice as the calls send it; undefined when nothing is offered. */
  isCPC: boolean | undefined;
  choose: (type: ConversionType) => void;
}

/** The Type of a conversion report screen: CPC and/or CPA as the menu flags offer them (part 1 §4). */
export function useConversionType(conversionTypes: readonly ConversionType[]): ConversionTypeChoice {
  const [selected, setSelected] = useState<ConversionType | null>(conversionTypes[0] ?? null);
  // A type the menu no longer offers (the user record was refreshed) falls back to the first offered one.
  const type = selected !== null && conversionTypes.includes(selected) ? selected : (conversionTypes[0] ?? null);
  return { type, isCPC: isCPCFor(type), choose: setSelected };
}

interface ConversionTypeSelectProps {
  conversionTypes: readonly ConversionType[];
  choice: ConversionTypeChoice;
  /** Called after a new type is chosen (the screens go back to page 1). */
  onChange: () => void;
}

/** The "Type" selector of the conversion report screens. */
export function ConversionTypeSelect({ conversionTypes, choice, onChange }: ConversionTypeSelectProps) {
  return (
    <Select
      label="Type"
      className="w-40"
      value={choice.type ?? ''}
      options={conversionTypes.map((option) => ({ value: option, label: option }))}
      onChange={(event) => {
        const next = conversionTypes.find((option) => option === event.target.value);
        if (next) choice.choose(next);
        onChange();
      }}
    />
  );
}
