import { useState, type SyntheticEvent } from 'react';
import type { JournalEntry } from '@publisher/contract';
import type { ControlApi } from '../api/control-api';
import { definitionOf, stubDraftOf, type StubDraft } from '../stub-draft';

export interface AnswerDifferentlyProps {
  api: ControlApi;
  /** The journal entry of the call to answer differently next time. */
  entry: JournalEntry;
  onClose: () => void;
}

const fieldClasses = 'w-full rounded border border-slate-300 px-1.5 py-0.5 font-mono text-[11px] text-slate-900';
const buttonClasses =
  'rounded bg-slate-800 px-2 py-0.5 text-xs font-medium text-white hover:bg-slate-700 disabled:opacity-50';

/**
 * Turns one call of the journal into a stub (POST /__control/stubs): route, match and the answer it got, prefilled
 * and editable (the body as JSON). The API checks the body against the contract; its refusal is shown as it says it.
 */
export function AnswerDifferently({ api, entry, onClose }: AnswerDifferentlyProps) {
  const [draft, setDraft] = useState<StubDraft>(() => stubDraftOf(entry));
  const [problems, setProblems] = useState<readonly string[]>([]);
  const [created, setCreated] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  function change(field: keyof StubDraft) {
    return (event: { target: { value: string } }) =>
      setDraft((current) => ({ ...current, [field]: event.target.value }));
  }

  async function handleSubmit(event: SyntheticEvent) {
    event.preventDefault();
    setCreated(null);
    const parsed = definitionOf(draft);
    if (!parsed.ok) {
      setProblems([parsed.message]);
      return;
    }
    setIsBusy(true);
    try {
      const result = await api.createStub(parsed.definition);
      if (result.ok) {
        setProblems([]);
        setCreated(`${result.stub.id} answers ${result.stub.route} from the next matching call.`);
      } else setProblems(result.messages);
    } catch (caught) {
      setProblems([caught instanceof Error ? caught.message : String(caught)]);
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <form
      aria-label={`Answer ${entry.method} ${entry.path} differently`}
      className="mt-1 mb-2 space-y-1 rounded border border-slate-200 bg-slate-50 p-1.5"
      onSubmit={(event) => void handleSubmit(event)}
    >
      <label className="block">
        Route
        <input className={fieldClasses} value={draft.route} onChange={change('route')} />
      </label>
      <div className="flex gap-1">
        <label className="w-20">
          Status
          <input className={fieldClasses} inputMode="numeric" value={draft.status} onChange={change('status')} />
        </label>
        <label className="w-28">
          Times (empty: until deleted)
          <input className={fieldClasses} inputMode="numeric" value={draft.times} onChange={change('times')} />
        </label>
      </div>
      <label className="block">
        Match (JSON)
        <textarea className={fieldClasses} rows={3} value={draft.match} onChange={change('match')} />
      </label>
      <label className="block">
        Body (JSON)
        <textarea className={fieldClasses} rows={6} value={draft.body} onChange={change('body')} />
      </label>
      {problems.length > 0 ? (
        <ul role="alert" aria-label="Stub refused" className="rounded bg-rose-50 p-1 text-rose-700">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      ) : null}
      {created ? <p role="status">{created}</p> : null}
      <div className="flex gap-1">
        <button type="submit" className={buttonClasses} disabled={isBusy}>
          Save stub
        </button>
        <button type="button" className={buttonClasses} onClick={onClose}>
          Close
        </button>
      </div>
    </form>
  );
}
