import { matchRoutes, type RouteObject } from 'react-router';

/**
 * Loads the lazy parts of the routes that match the address and writes them into the route objects, so the
 * router starts already resolved and its first render is the page the server painted (not its placeholder).
 */
export async function resolveLazyRoutes(routes: RouteObject[], location: Location): Promise<void> {
  const matches = matchRoutes(routes, location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const resolved = await route.lazy();
      Object.assign(route, { ...resolved, lazy: undefined });
    }),
  );
}
