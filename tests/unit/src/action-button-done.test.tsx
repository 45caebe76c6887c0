import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createDataProvider, createHttpClient } from '../../../providers';
import report from '../../../resources/report';
import type { ActionDecl } from '../../../resources/types';
import { ActionButton } from '../../../src/generic/ActionButtons';
import { resources } from '../../../src/resources';
import { AdminWrapper, API, fakeAuthProvider, useMsw } from './helpers';

// A screen that pages its own call (the reporting app's 文章审核) reloads it after a declared action: `onDone`.
const { on } = useMsw();
const dataProvider = createDataProvider(createHttpClient({ apiUrl: API, onUnauthorized: () => undefined }), resources);
const pass = report.actions?.find((a) => a.name === 'pass') as ActionDecl;

describe('ActionButton onDone', () => {
  it('runs the declared action on the chosen ids with its input, then tells the screen', async () => {
    const audit = on('/api/report/reportAudit', null);
    let done = 0;
    render(
      <AdminWrapper dataProvider={dataProvider} authProvider={fakeAuthProvider()} initialEntries={['/']}>
        <ActionButton decl={report} action={pass} target={{ ids: [11, 12] }} onDone={() => (done += 1)} />
      </AdminWrapper>,
    );
    fireEvent.click(await screen.findByRole('button', { name: '通过' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('提示信息');
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(done).toBe(1));
    expect(audit[0]!.body).toEqual({ ids: [11, 12], status: 1 });
  }, 60_000);
});
