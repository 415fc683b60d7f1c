import type { User } from '@publisher/contract';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, useCallback } from 'react';
import { Navigate } from 'react-router-dom';
import { paths } from '../config/paths';
import { userQueryKey } from '../features/auth/api/use-user';
import { useAuth } from '../features/auth/components/auth-provider';
import { writeUser } from '../lib/session-storage';
import type { ScreenRoute } from './screen-route';

const SettingsPage = lazy(async () => ({ default: (await import('../features/settings/pages')).SettingsPage }));

/**
 * Hands the Settings screen a way to refresh the signed-in user (a new apiKey, the short-URL switch) without the
 * settings feature importing the auth feature: the stored copy is replaced at once, so the very next call carries
 * the new apiKey, and the user is read again.
 */
function SettingsScreen() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const userId = user?._id ?? null;
  const handleUserChanged = useCallback(
    (next?: User) => {
      if (next) writeUser(next);
      if (userId) void queryClient.invalidateQueries({ queryKey: userQueryKey(userId) });
    },
    [queryClient, userId],
  );
  if (!user) return <Navigate to={paths.signin} replace />;
  return <SettingsPage onUserChanged={handleUserChanged} />;
}

/** `/Settings`: every signed-in user (the menu engine leaves it ungated). */
export const SETTINGS_SCREEN_ROUTE: ScreenRoute = {
  path: paths.settings,
  title: 'Settings',
  access: 'private',
  render: () => <SettingsScreen />,
};
