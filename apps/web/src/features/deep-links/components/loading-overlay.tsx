import { Spinner } from '../../../components/ui/spinner';

/** Covers the screen while a link is being generated (part 2 §4 "Deep Links 5": a loading overlay shows). */
export function LoadingOverlay({ isVisible, label }: { isVisible: boolean; label: string }) {
  if (!isVisible) return null;
  return (
    <div
      data-testid="loading-overlay"
      className="fixed inset-0 z-40 flex items-center justify-center bg-slate-900/30 backdrop-blur-[1px]"
    >
      <div className="rounded-xl bg-white px-6 py-4 shadow-lg">
        <Spinner label={label} />
        <span aria-hidden="true" className="ml-2 text-sm font-medium text-slate-700">
          {label}
        </span>
      </div>
    </div>
  );
}
