import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { Button } from './button';
import { Modal } from './modal';

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
  const isOpen = Boolean(alert?.title);

  return (
    <AlertContext.Provider value={value}>
      {children}
      <Modal
        isOpen={isOpen}
        title={alert?.title ?? ''}
        onClose={clearAlert}
        actions={<Button onClick={clearAlert}>{alert?.actionLabel ?? 'OK'}</Button>}
      >
        {alert?.message ? <p>{alert.message}</p> : null}
      </Modal>
    </AlertContext.Provider>
  );
}

export function useAlert(): AlertContextValue {
  const context = useContext(AlertContext);
  if (!context) throw new Error('useAlert must be used inside <AlertProvider>');
  return context;
}
