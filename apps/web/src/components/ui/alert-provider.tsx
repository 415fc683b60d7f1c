import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { Button } from './button';

// The provider sits above the sign-in page, whose JavaScript budget the dialog library would exceed
// (tools/scripts/web-size): the modal's code loads the first time an alert opens.
const Modal = lazy(async () => ({ default: (await import('./modal')).Modal }));

/**
 * The global alert state (part 2 §2 "Shell"; the auth state's alert box of part 2 §3): the modal is open while
 * `title` is set and the state is cleared on close. The change-password success opens it.
 */
export interface AlertState {
  title: string;
  message: string;
  /** The one button's text (default OK). */
  actionLabel?: string;
  /** Runs once when the alert closes, by its button or Escape (after the state is cleared). */
  onClose?: () => void;
}

interface AlertContextValue {
  alert: AlertState | null;
  showAlert: (alert: AlertState) => void;
  clearAlert: () => void;
}

const AlertContext = createContext<AlertContextValue | null>(null);

export function AlertProvider({ children }: { children: ReactNode }) {
  const [alert, setAlert] = useState<AlertState | null>(null);
  const clearAlert = useCallback(() => {
    setAlert(null);
    alert?.onClose?.();
  }, [alert]);
  const value = useMemo(() => ({ alert, showAlert: setAlert, clearAlert }), [alert, clearAlert]);

  return (
    <AlertContext.Provider value={value}>
      {children}
      {alert?.title ? (
        <Suspense fallback={null}>
          <Modal
            isOpen
            title={alert.title}
            onClose={clearAlert}
            actions={<Button onClick={clearAlert}>{alert.actionLabel ?? 'OK'}</Button>}
          >
            {alert.message ? <p>{alert.message}</p> : null}
          </Modal>
        </Suspense>
      ) : null}
    </AlertContext.Provider>
  );
}

export function useAlert(): AlertContextValue {
  const context = useContext(AlertContext);
  if (!context) throw new Error('useAlert must be used inside <AlertProvider>');
  return context;
}
