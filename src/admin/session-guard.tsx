import type { ReactNode } from "react";
import { useIsAuthenticated } from "@refinedev/core";
import { OfflineScreen, isOffline } from "@/components/offline-screen";

interface SessionGuardProps {
  /** What a signed-in person sees. */
  children: ReactNode;
  /** What someone without a session sees (the login form, or a redirect to it). */
  fallback: ReactNode;
  /** Shown while the session is not known yet. */
  loading: ReactNode;
}

/**
 * Refine's `<Authenticated>`, except that a screen already shown to a signed-in person stays mounted
 * while the session is checked again. Refine shows `loading` on every check: the one it runs 32 ms
 * after a sign-in, or after a profile save, unmounted the whole admin layout for a moment, so a click
 * in that moment was lost (the header's menu vanished under the pointer) and open forms lost what was
 * typed. An answer that the session is gone still shows `fallback` as soon as it arrives; offline, where
 * the session could not be asked about at all, the offline screen instead (a signed-in person sent to
 * the sign-in form would think the session had ended, and could not sign in anyway).
 */
export function SessionGuard({ children, fallback, loading }: SessionGuardProps) {
  const { data, isFetching, isError } = useIsAuthenticated();
  if (data?.authenticated) return children;
  // A remembered "signed out" is not trusted while it is being checked again (right after a sign-in).
  if (isFetching || (!data && !isError)) return loading;
  return isOffline() ? <OfflineScreen /> : fallback;
}
