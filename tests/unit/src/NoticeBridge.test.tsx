import { act, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { emitNotice, emitPanel } from '../../../providers';
import { NoticeBridge } from '../../../src/notices/NoticeBridge';

describe('NoticeBridge', () => {
  it('shows a panel with title and body at the bottom right, then hides it after its duration', async () => {
    render(<NoticeBridge />);
    act(() => emitNotice({ kind: 'panel', title: '500', body: '服务端异常', duration: 300 }));
    const panel = screen.getByTestId('notice-panel');
    expect(within(panel).getByText('500')).toBeInTheDocument();
    expect(within(panel).getByText('服务端异常')).toBeInTheDocument();
    const box = screen.getByTestId('notice-panels');
    const style = getComputedStyle(box);
    expect(style.position).toBe('fixed');
    expect(style.right).toBe('16px');
    expect(style.bottom).toBe('16px');
    // Hidden after its 300 ms (within the setup's 20 s for a loaded machine; was 2 s).
    await waitFor(() => expect(screen.queryByTestId('notice-panel')).not.toBeInTheDocument());
  });

  it('stacks panels emitted by the providers (titled 错误 for other statuses)', () => {
    render(<NoticeBridge />);
    act(() => {
      emitPanel('502', '服务端异常');
      emitPanel('错误', 'Bad Gateway');
    });
    const panels = screen.getAllByTestId('notice-panel');
    expect(panels).toHaveLength(2);
    expect(panels[1]).toHaveTextContent('错误');
    expect(panels[1]).toHaveTextContent('Bad Gateway');
  });

  it('shows a toast with its message and level at the top centre', async () => {
    render(<NoticeBridge />);
    act(() => emitNotice({ kind: 'toast', level: 'warning', message: '未修改任何内容，不需要提交', duration: 8000 }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('未修改任何内容，不需要提交');
    expect(alert.className).toMatch(/MuiAlert-filledWarning/);
    const snackbar = alert.closest('.MuiSnackbar-root');
    expect(snackbar?.className).toMatch(/MuiSnackbar-anchorOriginTopCenter/);
  });

  it('replaces a toast by the next one and stops listening when unmounted', async () => {
    const { unmount } = render(<NoticeBridge />);
    act(() => emitNotice({ kind: 'toast', level: 'error', message: '用户名或密码错误', duration: 8000 }));
    act(() => emitNotice({ kind: 'toast', level: 'success', message: '操作成功', duration: 3000 }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('操作成功'));
    unmount();
    act(() => emitNotice({ kind: 'toast', level: 'error', message: '之后的消息', duration: 8000 }));
    expect(screen.queryByText('之后的消息')).not.toBeInTheDocument();
  });
});
