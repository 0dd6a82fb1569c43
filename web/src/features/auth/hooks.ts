import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminLogin,
  demoLogin,
  getCurrentUser,
  getPublicConfig,
  login,
  logout,
  register,
  type AdminLoginRequest,
  type CurrentUser,
  type LoginRequest,
  type RegisterRequest,
} from '../../api/auth';
import { queryKeys } from '../../api/query-keys';

/** spec §4: the current-user query is never retried, always stale and refetched on focus. */
export function useAuth() {
  const query = useQuery<CurrentUser | null>({
    queryKey: queryKeys.auth.user(),
    queryFn: getCurrentUser,
    retry: false,
    // Checked again each time the tab comes back into view, and after every sign-in, sign-out,
    // workspace switch or account change (they invalidate it); not by each screen that mounts and
    // reads it (that was three calls per page load).
    staleTime: 0,
    refetchOnWindowFocus: true,
    refetchOnMount: false,
  });
  const user = query.data ?? null;
  return { user, isLoading: query.isLoading, isAuthenticated: user !== null };
}

export function usePublicConfig() {
  return useQuery({ queryKey: queryKeys.config.public(), queryFn: getPublicConfig });
}

/** After a sign-in: wait for the fresh current user so the signed-in routes render next. */
function useRefreshCurrentUser() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.auth.user() });
}

export function useLogin() {
  const refresh = useRefreshCurrentUser();
  return useMutation({
    mutationFn: (body: LoginRequest) => login(body),
    onSuccess: refresh,
  });
}

export function useRegister() {
  const refresh = useRefreshCurrentUser();
  return useMutation({
    mutationFn: (body: RegisterRequest) => register(body),
    onSuccess: refresh,
  });
}

// Super-admin and demo logins do a full page load of /dashboard (spec §4);
// their failures are logged only (spec §8).
function loadDashboard() {
  window.location.assign('/dashboard');
}

export function useAdminLogin() {
  return useMutation({
    mutationFn: (body: AdminLoginRequest) => adminLogin(body),
    onSuccess: loadDashboard,
    onError: (error) => console.error('Super admin login failed', error),
  });
}

export function useDemoLogin() {
  return useMutation({
    mutationFn: () => demoLogin(),
    onSuccess: loadDashboard,
    onError: (error) => console.error('Demo login failed', error),
  });
}

/** Logout clears every cached answer and reloads the page, even when the call fails. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => logout(),
    onError: (error) => console.error('Logout failed', error),
    onSettled: () => {
      queryClient.clear();
      window.location.reload();
    },
  });
}
