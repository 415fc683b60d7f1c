import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { Button } from './button';
import { Modal } from './modal';

/** The global alert state (part 2 §2 "Shell"): the modal is open while `title` is set. */
export interface AlertState {
  title: string;
  message: string;
}

interface AlertContextValue {
  alert: AlertState | null;
  showAlert: (alert: AlertState) => void;
  clearAlert: () => void;
}

const AlertContext = createContext<AlertContextValue | null>(null);

export function AlertProvider({ children }: { children: ReactNode }) {
  const [alert, setAlert] = useState<AlertState | null>(null);
  const clearAlert = useCallback(() => setAlert(null), []);
  const value = useMemo(() => ({ alert, showAlert: setAlert, clearAlert }), [alert, clearAlert]);
  const isOpen = Boolean(alert?.title);

  return (
    <AlertContext.Provider value={value}>
      {children}
      <Modal
        isOpen={isOpen}
        title={alert?.title ?? ''}
        onClose={clearAlert}
        actions={<Button onClick={clearAlert}>OK</Button>}
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
