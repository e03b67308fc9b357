import type { RouteObject } from 'react-router';
import { AppLayout } from './layout/AppLayout';
import { PublicLayout } from './layout/PublicLayout';
import { RequireSession } from './layout/RequireSession';
import { NotFoundPage } from './NotFoundPage';
import { RoutePage } from './RoutePage';
import { ROUTES, type AppRoute } from './routes';

const toRouteObject = (route: AppRoute): RouteObject => ({
  path: route.path,
  element: <RoutePage route={route} />,
});

/**
 * The route table laid out in its two layouts; any other path is a 404 inside the app. Every route
 * of the authenticated layout needs a session (the guard sends visitors to the login).
 */
export function buildRouteObjects(): RouteObject[] {
  return [
    { element: <PublicLayout />, children: ROUTES.filter((route) => route.public).map(toRouteObject) },
    {
      element: (
        <RequireSession>
          <AppLayout />
        </RequireSession>
      ),
      children: [
        ...ROUTES.filter((route) => !route.public).map(toRouteObject),
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}
