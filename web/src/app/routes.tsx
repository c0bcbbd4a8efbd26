import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { SCREENS, type Screen } from './screens.ts';
import { NotFoundPage } from './shell/not-found-page.tsx';
import { ShellLayout } from './shell/shell-layout.tsx';

// One lazy chunk per page module keeps the entry small; nivo loads only with the chart screens.
// The glob names exactly the page modules, so Vite splits them as the hand-written imports did.
const pageModules = import.meta.glob<Record<string, ComponentType>>('../features/*/*-page.tsx');

function lazyPage(screen: Screen): LazyExoticComponent<ComponentType> {
  const load = pageModules[`../features/${screen.page}`];
  if (!load) throw new Error(`screens.ts: no page module src/features/${screen.page}`);
  return lazy(() =>
    load().then((m) => {
      const component = m[screen.component];
      if (!component) throw new Error(`src/features/${screen.page} exports no ${screen.component}`);
      return { default: component };
    }),
  );
}

const pages = new Map(SCREENS.map((s) => [s, lazyPage(s)]));

function screenRoutes(): RouteObject[] {
  return SCREENS.flatMap((screen) => {
    const Page = pages.get(screen)!;
    return screen.paths.map(
      (path): RouteObject => (path === '' ? { index: true, element: <Page /> } : { path, element: <Page /> }),
    );
  });
}

const Confirmation = lazy(() =>
  import('../features/accounts/confirmation.tsx').then((m) => ({ default: m.Confirmation })),
);
const ClustersPage = pages.get(SCREENS.find((s) => s.component === 'ClustersPage')!)!;

export const appRoutes: RouteObject[] = [
  {
    element: <ShellLayout />,
    children: [
      ...screenRoutes(),
      // Email and password-reset confirmations run on top of the Clusters screen.
      {
        path: 'confirm/:token',
        element: (
          <>
            <Confirmation kind="email" />
            <ClustersPage />
          </>
        ),
      },
      {
        path: 'confirmpassword/:password_token',
        element: (
          <>
            <Confirmation kind="password" />
            <ClustersPage />
          </>
        ),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/**
 * Declarative routing (BrowserRouter + useRoutes) rather than the data router: no loaders are
 * needed (TanStack Query fetches) and it saves ~17 kB gzip of react-router in the entry.
 */
export function AppRoutes() {
  return useRoutes(appRoutes);
}
