import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { Notification, ResourceContextProvider } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { createDataProvider, createHttpClient } from '../../../providers';
import announcement from '../../../resources/announcement';
import { GenericCreate } from '../../../src/generic/GenericForm';
import { NoticeBridge } from '../../../src/notices/NoticeBridge';
import { resources } from '../../../src/resources';
import { AdminWrapper, API, envelope, useMsw } from './helpers';

const { on } = useMsw();
const dataProvider = createDataProvider(createHttpClient({ apiUrl: API, onUnauthorized: () => undefined }), resources);

function renderCreate() {
  const view = render(
    <AdminWrapper dataProvider={dataProvider} initialEntries={['/announcement/create']}>
      <ResourceContextProvider value="announcement">
        <GenericCreate decl={announcement} />
      </ResourceContextProvider>
      <Notification />
      <NoticeBridge />
    </AdminWrapper>,
  );
  const field = (name: string) => view.container.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[name="${name}"]`)!;
  return { ...view, field };
}

// jsdom does no layout: ProseMirror measures ranges to scroll the caret into view.
const noRects = { length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] } as unknown as DOMRectList;
Range.prototype.getClientRects ??= () => noRects;
Range.prototype.getBoundingClientRect ??= () => new DOMRect(0, 0, 0, 0);
document.elementFromPoint ??= () => null;

/** The rich-text editor of 内容 (tiptap, loaded lazily): clicked in and typed into as a person would. */
async function typeInEditor(text: string) {
  const editor = await waitFor(
    () => {
      const box = document.querySelector<HTMLElement>('.ProseMirror[contenteditable="true"]');
      if (!box) throw new Error('the editor has not loaded');
      return box;
    },
    { timeout: 20_000 },
  );
  await userEvent.click(editor);
  await userEvent.keyboard(text);
  await waitFor(() => expect(editor.textContent).toBe(text));
}

describe('GenericCreate of announcement', () => {
  it('has the declared form inputs, refuses a missing title in Chinese, sends defaults', async () => {
    const seen = on('/announcement/add', { id: 31 });
    const { field } = renderCreate();
    await waitFor(() => expect(field('title')).toBeTruthy());
    for (const name of ['title', 'type', 'source', 'publishTime', 'isTop', 'status', 'sort']) {
      expect(field(name), name).toBeTruthy();
    }
    // Read-only fields are not inputs; 内容 is the rich-text editor, not an HTML text box.
    expect(field('readCount')).toBeNull();
    expect(field('content')).toBeNull();

    await typeInEditor('正文');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('请输入标题')).toBeInTheDocument();
    expect(seen).toHaveLength(0);

    fireEvent.change(field('title'), { target: { value: '新公告' } });
    await waitFor(() => expect(screen.queryByText('请输入标题')).not.toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    // The editor makes this form heavier than the others: give a loaded machine time.
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]!.body).toMatchObject({ title: '新公告', content: '<p>正文</p>', type: 1, isTop: 0, status: 1, sort: 0 });
    expect(await screen.findByText('新建成功')).toBeInTheDocument();
  }, 60_000);

  it('shows a refusal of the server once (the providers’ toast), not again through react-admin', async () => {
    on('/announcement/add', () => HttpResponse.json(envelope(null, '1002', '标题长度不能超过200个字符')));
    const { field } = renderCreate();
    await waitFor(() => expect(field('title')).toBeTruthy());
    fireEvent.change(field('title'), { target: { value: '某标题' } });
    await typeInEditor('正文');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('标题长度不能超过200个字符')).toBeInTheDocument();
    // react-admin's own notification would come from the save's onError: wait until the save has settled
    // (保存 enabled again), then a little more for its render, on a loaded machine too.
    await waitFor(() => expect(screen.getByRole('button', { name: '保存' })).toBeEnabled());
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.getAllByText('标题长度不能超过200个字符')).toHaveLength(1);
  }, 30_000);
});
