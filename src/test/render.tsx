import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { Providers } from '../app/Providers.tsx';

/** Renders routes at a URL inside the app's providers, with a fresh query client that never retries. */
export function renderRoutes(routes: RouteObject[], url: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const view = render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...view, router, queryClient };
}

/** Renders a component inside the app's providers (theme, query client), outside any route. */
export const renderInProviders = (ui: ReactNode) => render(<Providers>{ui}</Providers>);

export const json = (status: number, body: unknown) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

export const errorJson = (status: number, briefSummary: string) =>
  json(status, {
    error: {
      errorKey: 'x',
      statusCode: status,
      briefSummary: `11220001 ${briefSummary}`,
      stackTrace: '',
      descriptionURL: '',
      logId: 'l',
    },
  });

type Handler = (request: Request) => Response | Promise<Response>;

/** A fetch stub answering by "METHOD path" (path after the versions/1 or org chart prefix); records every request. */
export function stubApi(handlers: Record<string, Handler>) {
  const requests: Request[] = [];
  const fetchStub = vi.fn(async (input: Request) => {
    requests.push(input.clone());
    const url = new URL(input.url);
    const path = url.pathname.replace(/^.*\/versions\/1/, '').replace(/^.*\/api\/ext\/orgchart/, '');
    const handler = handlers[`${input.method} ${path}`];
    if (!handler) throw new Error(`unexpected request ${input.method} ${path}`);
    return handler(input);
  });
  vi.stubGlobal('fetch', fetchStub);
  return requests;
}
