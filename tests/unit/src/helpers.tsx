import { http as mswHttp, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import { type ReactNode, useState } from 'react';
import { AdminContext, memoryStore, TestMemoryRouter, type AuthProvider, type DataProvider } from 'react-admin';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { i18nProvider } from '../../../src/i18n/i18nProvider';

export const API = 'http://api.test';

export function envelope(data: unknown, errorCode = '0', errorMsg = '操作成功') {
  return { errorCode, errorMsg, data };
}

export interface SeenRequest {
  url: URL;
  body: unknown;
}

/** One MSW server per test file; `on(path, data)` answers POST `path` with an envelope and records requests. */
export function useMsw() {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());

  function on(path: string, data: JsonBodyType | ((req: Request) => Response)): SeenRequest[] {
    const seen: SeenRequest[] = [];
    server.use(
      mswHttp.post(`${API}${path}`, async ({ request }) => {
        const text = await request.clone().text();
        seen.push({ url: new URL(request.url), body: text ? JSON.parse(text) : undefined });
        return typeof data === 'function' ? data(request) : HttpResponse.json(envelope(data));
      }),
    );
    return seen;
  }
  return { server, on };
}

/** An auth provider that is logged in and allows what `allow` says (everything by default). */
export function fakeAuthProvider(allow: (resource: string, action: string) => boolean = () => true): AuthProvider {
  return {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getPermissions: async () => [],
    getIdentity: async () => ({ id: 1, fullName: '张三', deptName: '办公室' }),
    canAccess: async ({ resource, action }) => allow(resource ?? '', action),
  };
}

const noData = {} as DataProvider;

/** react-admin's contexts (our i18n, a memory router and store) around `children`. */
export function AdminWrapper({
  children,
  dataProvider = noData,
  authProvider = fakeAuthProvider(),
  initialEntries = ['/'],
}: {
  children: ReactNode;
  dataProvider?: DataProvider;
  authProvider?: AuthProvider;
  initialEntries?: string[];
}) {
  // A store of its own per render: react-admin's default one is shared by every test, and a column
  // choice (DatagridConfigurable) set before the store's setup would be lost.
  const [store] = useState(() => memoryStore());
  return (
    <TestMemoryRouter initialEntries={initialEntries}>
      <AdminContext dataProvider={dataProvider} authProvider={authProvider} i18nProvider={i18nProvider} store={store}>
        {children}
      </AdminContext>
    </TestMemoryRouter>
  );
}
