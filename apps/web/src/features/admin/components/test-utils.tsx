import type { User } from '@amora/shared/user.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { useAuthStore } from '../../auth/store.ts';

export function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

export function signInAs(role: User['role'] | null): void {
  useAuthStore.setState({
    user: role ? ({ _id: 'op1', role, banned: { is: false, reason: null } } as User) : null,
    accessToken: role ? 't' : null,
    status: 'ready',
  });
}

/** Renders `element` at `path` (matched by `pattern`), with a fresh query cache and no retries. */
export function renderAt(path: string, pattern: string, element: ReactElement) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: pattern, element },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}
