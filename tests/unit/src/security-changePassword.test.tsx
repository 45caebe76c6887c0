import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { createDataProvider, createHttpClient, loadIdentity, saveIdentity } from '../../../providers';
import type { UserIdentity } from '../../../providers/types';
import { ChangePasswordDialog, checkPasswordForm } from '../../../src/security/ChangePasswordDialog';
import { resources } from '../../../src/resources';
import { AdminWrapper, API, envelope, useMsw } from './helpers';

const { on } = useMsw();
const http = createHttpClient({ apiUrl: API, onUnauthorized: () => undefined });
const dataProvider = createDataProvider(http, resources);

function renderDialog(onClose = vi.fn()) {
  render(
    <AdminWrapper dataProvider={dataProvider}>
      <ChangePasswordDialog open onClose={onClose} />
    </AdminWrapper>,
  );
  const dialog = screen.getByRole('dialog', { name: '修改密码' });
  const input = (name: string) => dialog.querySelector(`input[name="${name}"]`) as HTMLInputElement;
  const fill = (o: string, n: string, c: string) => {
    fireEvent.change(input('oldPassword'), { target: { value: o } });
    fireEvent.change(input('newPassword'), { target: { value: n } });
    fireEvent.change(input('confirmPassword'), { target: { value: c } });
  };
  const submit = () => fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
  return { dialog, input, fill, submit, onClose };
}

describe('checkPasswordForm', () => {
  it('asks for every field and for the same new password twice', () => {
    expect(checkPasswordForm({ oldPassword: '', newPassword: '', confirmPassword: '' })).toEqual({
      oldPassword: '请输入原密码',
      newPassword: '请输入新密码',
      confirmPassword: '请再次输入新密码',
    });
    expect(checkPasswordForm({ oldPassword: 'a', newPassword: 'Abc#12345', confirmPassword: 'Abc#12346' })).toEqual({ confirmPassword: '两次输入的新密码不一致' });
    expect(checkPasswordForm({ oldPassword: 'a', newPassword: 'Abc#12345', confirmPassword: 'Abc#12345' })).toEqual({});
  });
});

describe('<ChangePasswordDialog> (个人中心 → 修改密码)', () => {
  it('says what is missing or different and calls nothing', async () => {
    const seen = on('/ding/user/pwd', null);
    const { dialog, fill, submit } = renderDialog();
    submit();
    expect(await within(dialog).findByText('请输入原密码')).toBeInTheDocument();
    expect(within(dialog).getByText('请输入新密码')).toBeInTheDocument();
    expect(within(dialog).getByText('请再次输入新密码')).toBeInTheDocument();
    fill('Old#2026a', 'New#2027a', 'New#2027b');
    submit();
    expect(await within(dialog).findByText('两次输入的新密码不一致')).toBeInTheDocument();
    expect(seen).toHaveLength(0);
  });

  it('shows the server’s Chinese refusal in the dialog, which stays open', async () => {
    const seen = on('/ding/user/pwd', () => HttpResponse.json(envelope(null, '1002', '密码长度不能少于8位')));
    const { dialog, fill, submit, onClose } = renderDialog();
    fill('Old#2026a', 'Ab#1', 'Ab#1');
    submit();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('密码长度不能少于8位');
    expect(seen).toHaveLength(1);
    expect(seen[0]?.body).toEqual({ oldPassword: 'Old#2026a', newPassword: 'Ab#1', confirmPassword: 'Ab#1' });
    expect(onClose).not.toHaveBeenCalled();

    on('/ding/user/pwd', () => HttpResponse.json(envelope(null, '1002', '原密码错误')));
    submit();
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('原密码错误'));
  });

  it('sends userPwdDto, closes on success and clears a pending forced change', async () => {
    saveIdentity({ userId: 7, username: 'xinxi', name: '李晓', passwordExpired: true } as unknown as UserIdentity);
    const seen = on('/ding/user/pwd', null);
    const { fill, submit, onClose } = renderDialog();
    fill('Old#2026a', 'New#2027a', 'New#2027a');
    submit();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(seen[0]?.body).toEqual({ oldPassword: 'Old#2026a', newPassword: 'New#2027a', confirmPassword: 'New#2027a' });
    expect((loadIdentity() as unknown as { passwordExpired: boolean }).passwordExpired).toBe(false);
  });
});
