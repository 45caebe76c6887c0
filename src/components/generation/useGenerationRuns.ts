import { useState } from 'react';
import { generationCalls } from '../../../resources/calls/generation';
import type { ApiCall } from '../../../resources/types';
import { dataProvider } from '../../data';
import { useErrorNotifier, useSuccessNotifier } from '../../notices/useErrorNotifier';
import { type Busy, type ColumnOption, type GenerateResult, messageOf, type Outcome, type RunStatus } from './types';

const POLL_MS = 500;

/**
 * The 静态生成 screen's runs: each button's call, the progress bar's state (busy) and the last outcome.
 * Column runs go one column at a time from here; site and article runs start on the server and are followed.
 */
export function useGenerationRuns() {
  const onError = useErrorNotifier();
  const success = useSuccessNotifier();
  const [busy, setBusy] = useState<Busy | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const finish = (o: Outcome) => {
    setOutcome(o);
    if (!o.failed.length) success(`${o.title}完成，共生成${o.pages}个页面`);
  };
  const fail = (title: string, e: unknown) => {
    onError(e);
    setOutcome({ title, pages: 0, paths: [], failed: [messageOf(e)] });
  };

  const generateIndex = async () => {
    setBusy({ label: '正在生成首页', done: 0, total: 1 });
    try {
      const r = await dataProvider.call<GenerateResult>(generationCalls.index);
      finish({ title: '生成首页', pages: r.pages, paths: r.paths, failed: [] });
    } catch (e) {
      fail('生成首页', e);
    } finally {
      setBusy(null);
    }
  };

  const generateColumns = async (targets: readonly ColumnOption[], title: string) => {
    if (!targets.length) return;
    const o: Outcome = { title, pages: 0, paths: [], failed: [] };
    for (const [i, c] of targets.entries()) {
      setBusy({ label: `正在生成栏目：${c.label}`, done: i, total: targets.length });
      try {
        const r = await dataProvider.call<GenerateResult>(generationCalls.column, { path: { columnId: c.id } });
        o.pages += r.pages;
        o.paths.push(...r.paths);
      } catch (e) {
        o.failed.push(`${c.label}：${messageOf(e)}`);
      }
    }
    setBusy(null);
    finish(o);
  };

  /** Starts a background run and follows its progress (done/total) until it ends. */
  const follow = async (title: string, label: string, start: ApiCall, body?: unknown) => {
    setBusy({ label, done: 0, total: 0 });
    try {
      await dataProvider.call<RunStatus>(start, { body });
      for (;;) {
        await new Promise((r) => setTimeout(r, POLL_MS));
        const s = await dataProvider.call<RunStatus>(generationCalls.progress);
        setBusy({ label, done: s.done, total: s.total });
        if (s.running) continue;
        const o = { title, pages: s.pages || s.done, paths: s.paths, failed: s.error ? [s.error] : [] };
        if (s.error) setOutcome(o);
        else finish(o);
        break;
      }
    } catch (e) {
      fail(title, e);
    } finally {
      setBusy(null);
    }
  };

  const generateArticles = (columnId: number, since: string) => {
    if (since && !/^\d{4}-\d{2}-\d{2}$/.test(since)) {
      setOutcome({ title: '生成文章', pages: 0, paths: [], failed: ['发布日期格式不正确'] });
      return;
    }
    void follow('生成文章', '正在生成文章', generationCalls.articles, { columnId, dateTime: since || null });
  };

  const generateSite = () => void follow('生成全站', '正在生成全站', generationCalls.site);

  return { busy, outcome, generateIndex, generateColumns, generateArticles, generateSite };
}
