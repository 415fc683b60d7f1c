import { useSaveDailyReportsConnexity } from '../api/use-save-daily-reports-connexity';
import { useSaveDailyReportsDoneoftheownou } from '../api/use-save-daily-reports-doneoftheownou';
import { useSaveDailyReportsKelkoo } from '../api/use-save-daily-reports-kelkoo';
import { useSaveDailyReportsNewdashboard } from '../api/use-save-daily-reports-newdashboard';
import { useSaveDailyReportsShoppermeet } from '../api/use-save-daily-reports-shoppermeet';
import { SaveReportsForm } from './save-reports-form';

/** `/savedailyReports`: one date (`startDate`), connexity source. */
export function SaveDailyReportsPage() {
  const save = useSaveDailyReportsConnexity();
  return (
    <SaveReportsForm
      mode="single"
      title="Save Daily Reports"
      source="Connexity"
      state={save}
      onSave={(date) => save.mutateAsync({ startDate: date })}
    />
  );
}

/** `/savedailyReports2`: Start/End, the report 2 source. */
export function SaveDailyReports2Page() {
  const save = useSaveDailyReportsNewdashboard();
  return (
    <SaveReportsForm
      mode="range"
      title="Save Daily Reports 2"
      source="deep links 2"
      state={save}
      onSave={(range) => save.mutateAsync(range)}
    />
  );
}

/** `/savedailyReports3`: one date (`date`), the deep links 3 source. */
export function SaveDailyReports3Page() {
  const save = useSaveDailyReportsDoneoftheownou();
  return (
    <SaveReportsForm
      mode="single"
      title="Save Daily Reports 3"
      source="deep links 3"
      state={save}
      onSave={(date) => save.mutateAsync({ date })}
    />
  );
}

/** `/savedailyReports4`: Start/End, the deep links 4 source. */
export function SaveDailyReports4Page() {
  const save = useSaveDailyReportsShoppermeet();
  return (
    <SaveReportsForm
      mode="range"
      title="Save Daily Reports 4"
      source="deep links 4"
      state={save}
      onSave={(range) => save.mutateAsync(range)}
    />
  );
}

/** `/savedailyReports5`: the screen of 4 for the deep links 5 source (part 2 §2). */
export function SaveDailyReports5Page() {
  const save = useSaveDailyReportsKelkoo();
  return (
    <SaveReportsForm
      mode="range"
      title="Save Daily Reports 5"
      source="deep links 5"
      state={save}
      onSave={(range) => save.mutateAsync(range)}
    />
  );
}
