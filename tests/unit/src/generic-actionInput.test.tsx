import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Notification } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { createDataProvider, createHttpClient } from '../../../providers';
import dearchFeedback from '../../../resources/dearchFeedback';
import { ActionInputDialog, inputValues, startValues } from '../../../src/generic/ActionInputDialog';
import mail from '../../../resources/mail';
import { resources } from '../../../src/resources';
import { AdminWrapper, API, envelope, useMsw } from './helpers';

// The dialog of an action with input fields (问答反馈's 补充答案, resources/dearchFeedback.ts).
const { on } = useMsw();
const dataProvider = createDataProvider(createHttpClient({ apiUrl: API, onUnauthorized: () => undefined }), resources);
const action = dearchFeedback.actions!.find((a) => a.name === 'answer')!;

function renderDialog() {
  const done = vi.fn();
  render(
    <AdminWrapper dataProvider={dataProvider}>
      <ActionInputDialog decl={dearchFeedback} action={action} target={{ id: 7 }} onClose={() => undefined} onDone={done} />
      <Notification />
    </AdminWrapper>,
  );
  return done;
}

describe('ActionInputDialog', () => {
  it('starts from the record: the same names, or the fields the action maps (领导信箱 修改答复 from replyContent)', () => {
    const reply = mail.actions!.find((a) => a.name === 'reply')!;
    expect(startValues(reply, { id: 3, replyContent: '已转交县教育局办理。' }, undefined)).toEqual({ content: '已转交县教育局办理。' });
    expect(startValues(reply, { id: 3 }, undefined)).toEqual({});
    const same = { ...reply, call: { prefillFromRecord: true } };
    expect(startValues(same, { content: '原答复' }, undefined)).toEqual({ content: '原答复' });
  });

  it('leaves blank values out and trims text', () => {
    expect(inputValues(action.input!, { answer: '  答  ', keywords: ' ', isCommon: 0, other: 'x' })).toEqual({ answer: '答', isCommon: 0 });
  });

  it('asks the declared fields, refuses a blank required one in Chinese, then sends them with the id', async () => {
    let answer = envelope(null, '1005', '该反馈已处理，不能再补充答案');
    const seen = on(action.path, () => Response.json(answer));
    const done = renderDialog();
    expect(screen.getByRole('dialog', { name: '补充答案' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText('请输入答案')).toBeInTheDocument();
    expect(seen).toHaveLength(0);

    fireEvent.change(screen.getByRole('textbox', { name: /答案/ }), { target: { value: '周末上午9点开门。' } });
    fireEvent.change(screen.getByRole('textbox', { name: /关键词/ }), { target: { value: '快递' } });
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    // A refusal stays in the dialog, with what was typed.
    expect(await screen.findByRole('alert')).toHaveTextContent('该反馈已处理，不能再补充答案');
    expect(done).not.toHaveBeenCalled();
    expect(seen[0]?.body).toEqual({ id: 7, answer: '周末上午9点开门。', keywords: '快递', isCommon: 0 });

    answer = envelope({ questAnswerId: 3 });
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(done).toHaveBeenCalledTimes(1));
    expect(seen).toHaveLength(2);
  }, 20_000);
});
