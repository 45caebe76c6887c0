import { describe, expect, it } from 'vitest';
import articleDecl from '../../../resources/article';
import { statusView, type ShowStatusDecl } from '../../../resources/shape/showStatus';

// A declared status panel's view of one answer (resources/shape/showStatus.ts), over 文章's 语音播报.
const voice = articleDecl.showStatus![0] as ShowStatusDecl;
const [make, remove] = voice.buttons!;

describe("a show view's declared status (showStatus)", () => {
  it('shows the state as a chip with its colour, the texts and link of a ready answer, and enables the buttons', () => {
    const v = statusView(voice, { status: 'ready', statusName: '已生成', hasVoice: true, durationSeconds: 12, updateTime: '2026-11-29 10:00:00', url: 'a/1.mp3' });
    expect(v.chip).toEqual({ label: '已生成', color: 'success' });
    expect(v.polling).toBe(false);
    expect(v.texts).toEqual(['时长 12 秒，生成于 2026-11-29 10:00:00']);
    expect(v.link).toEqual({ label: '收听', href: '/site/a/1.mp3' });
    expect(v.alert).toBeNull();
    expect([v.enabled(make!), v.enabled(remove!)]).toEqual([true, true]);
  });

  it('polls while the state is in pollWhile, with every button disabled', () => {
    const v = statusView(voice, { status: 'working', statusName: '生成中', hasVoice: false });
    expect(v.polling).toBe(true);
    expect(v.chip.color).toBe('info');
    expect([v.enabled(make!), v.enabled(remove!)]).toEqual([false, false]);
  });

  it('leaves out what the answer does not carry: a text without its `when`, an optional part, the link; a button without its `needs`', () => {
    const none = statusView(voice, { status: 'none', statusName: '无语音', hasVoice: false, url: null });
    expect(none.texts).toEqual([]);
    expect(none.link).toBeNull();
    expect([none.enabled(make!), none.enabled(remove!)]).toEqual([true, false]);
    expect(statusView(voice, { status: 'ready', hasVoice: true, durationSeconds: 3 }).texts).toEqual(['时长 3 秒']);
  });

  it('shows the alert only in its states with its field set; an unknown state takes the default colour and its own value as the label', () => {
    expect(statusView(voice, { status: 'failed', statusName: '失败', error: '引擎不可用' }).alert).toBe('语音生成失败：引擎不可用');
    expect(statusView(voice, { status: 'failed', statusName: '失败', error: null }).alert).toBeNull();
    expect(statusView(voice, { status: 'ready', error: '旧的错误' }).alert).toBeNull();
    expect(statusView(voice, { status: 'odd' }).chip).toEqual({ label: 'odd', color: 'default' });
  });
});
