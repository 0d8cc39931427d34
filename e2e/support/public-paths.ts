import type { APIRequestContext } from '@playwright/test';
import { PAGE_ROUTES } from '../../common/routes';

async function firstId(request: APIRequestContext, api: string): Promise<number> {
  const body = await (await request.get(api)).json();
  return ((body.data.items ?? body.data) as { id: number }[])[0]?.id as number;
}

/**
 * Every localized public route of common/routes.ts as a path without prefix, detail routes filled with the
 * first item the public API lists; `signedIn: false` leaves out the routes behind an access key (/account).
 */
export async function publicRoutePaths(request: APIRequestContext, { signedIn }: { signedIn: boolean }): Promise<string[]> {
  const ids: Record<string, number> = {
    'events/:id': await firstId(request, '/api/news?pageSize=1'),
    'gallery/:id': await firstId(request, '/api/gallery?pageSize=1'),
    'exhibition/:id': await firstId(request, '/api/exhibitions'),
  };
  return PAGE_ROUTES.filter((r) => r.localized !== false && (signedIn || !r.access)).map((r) =>
    r.path in ids ? r.path.replace(':id', String(ids[r.path])) : r.path,
  );
}
