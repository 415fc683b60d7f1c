import { GENERIC_ERROR_MESSAGE, type SigninBody, type SignupBody, type User } from '@publisher/contract';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import {
  clearStorage,
  hasStoredSession,
  writeSession,
  writeUser,
  type StoredSession,
} from '../../../lib/session-storage';
import { loadAuthRequests, loadedAuthRequests } from '../api/load-auth-requests';
import { useSignin } from '../api/use-signin';
import { useSignup } from '../api/use-signup';
import { useUser } from '../api/use-user';

export interface AuthContextValue {
  /** The signed-in user: the server's latest copy once it has been read, else the stored one. */
  user: User | null;
  /** An auth call (sign-in, sign-up, reading the user) is in flight. */
  isLoading: boolean;
  /** The last sign-in or sign-up failure, as the spec words it (part 1 §8). */
  error: string | null;
  /** Resolves true when the session is stored; on failure the user is cleared and `error` set. */
  signIn: (body: SigninBody) => Promise<boolean>;
  signUp: (body: SignupBody) => Promise<boolean>;
  /** Clears all local storage, every cached query and the user. The caller navigates to /signin. */
  signOut: () => void;
  clearError: () => void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/** A stored session is validated by the lazily loaded session layer before the app renders as signed in. */
type SessionState = StoredSession | null | 'restoring';

function initialSessionState(): SessionState {
  if (!hasStoredSession()) return null;
  const requests = loadedAuthRequests();
  return requests ? requests.readSession() : 'restoring';
}

async function messageOf(failure: unknown): Promise<string> {
  try {
    const requests = await loadAuthRequests();
    // Part 1 §8: sign-in "also shows a response payload error if present", when no statusMessage says more.
    const message = requests.errorMessageOf(failure);
    const payloadError = requests.payloadErrorOf(failure);
    return message === GENERIC_ERROR_MESSAGE && payloadError ? payloadError : message;
  } catch {
    // Not even the session layer loads (the network is gone): the words of any failed call.
    return GENERIC_ERROR_MESSAGE;
  }
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [sessionState, setSession] = useState<SessionState>(initialSessionState);
  const session = sessionState === 'restoring' ? null : sessionState;
  const [error, setError] = useState<string | null>(null);
  const { mutateAsync: requestSignin, isPending: isSigningIn } = useSignin();
  const { mutateAsync: requestSignup, isPending: isSigningUp } = useSignup();
  const userQuery = useUser(session?.user._id ?? null);

  const serverUser = userQuery.data?.data;
  const freshUser = session && serverUser?._id === session.user._id ? serverUser : null;
  const user = freshUser ?? session?.user ?? null;

  useEffect(() => {
    if (sessionState !== 'restoring') return;
    let isCurrent = true;
    loadAuthRequests().then(
      (requests) => {
        if (isCurrent) setSession(requests.readSession());
      },
      () => {
        if (isCurrent) setSession(null);
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [sessionState]);

  // Keep the stored copy current so a reload starts from the latest menu and account fields.
  useEffect(() => {
    if (freshUser) writeUser(freshUser);
  }, [freshUser]);

  /** Runs a sign-in or sign-up call: its token and user become the session, its failure the shown error. */
  const openSession = useCallback(async (request: () => Promise<StoredSession>) => {
    setError(null);
    try {
      const body = await request();
      const refusal = (await loadAuthRequests()).sessionRefusalOf(body);
      if (refusal !== null) {
        setSession(null);
        setError(refusal);
        return false;
      }
      const next = { token: body.token, user: body.user };
      writeSession(next);
      setSession(next);
      return true;
    } catch (failure) {
      setSession(null);
      setError(await messageOf(failure));
      return false;
    }
  }, []);

  const signIn = useCallback(
    (body: SigninBody) => openSession(() => requestSignin({ body })),
    [openSession, requestSignin],
  );
  const signUp = useCallback(
    (body: SignupBody) => openSession(() => requestSignup({ body })),
    [openSession, requestSignup],
  );

  const signOut = useCallback(() => {
    clearStorage();
    queryClient.clear();
    setSession(null);
    setError(null);
  }, [queryClient]);

  const clearError = useCallback(() => setError(null), []);

  const value = useMemo<AuthContextValue>(
    () => ({
      user,
      isLoading: isSigningIn || isSigningUp || userQuery.isFetching,
      error,
      signIn,
      signUp,
      signOut,
      clearError,
    }),
    [user, isSigningIn, isSigningUp, userQuery.isFetching, error, signIn, signUp, signOut, clearError],
  );

  if (sessionState === 'restoring') {
    return (
      <div className="flex min-h-screen items-center justify-center">
        <Spinner label="Loading" />
      </div>
    );
  }
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used inside <AuthProvider>');
  return context;
}
