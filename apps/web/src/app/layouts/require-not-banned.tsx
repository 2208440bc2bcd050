import { Navigate, Outlet } from 'react-router';
import { useAuthStore } from '../../features/auth/store.ts';

/** SPEC §6: banned users cannot open chats or payment; a deep link sends them home (the ban modal explains). */
export function RequireNotBanned() {
  const banned = useAuthStore((s) => s.user?.banned.is ?? false);
  if (banned) return <Navigate to="/" replace />;
  return <Outlet />;
}
