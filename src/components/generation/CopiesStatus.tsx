import Alert from '@mui/material/Alert';
import { useEffect, useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { PortalDataProvider } from '../../../providers';
import { generationCalls } from '../../../resources/calls/generation';

const POLL_MS = 3000;

/**
 * How many pages still wait for their .br/.gz (docs/generation.md "Pre-compressed copies after bulk runs"): asked
 * when the screen opens and after each run (`after` changes), then every few seconds while some wait. The pages
 * are live meanwhile; staff should know why they are sent uncompressed for a while and when that ends.
 */
export function useCopiesPending(after: unknown): { pending: number | null; finished: boolean } {
  const [pending, setPending] = useState<number | null>(null);
  const [finished, setFinished] = useState(false);
  const dataProvider = useDataProvider<PortalDataProvider>();
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let waited = false;
    const ask = () =>
      dataProvider.call<{ pending: number }>(generationCalls.copies).then(
        ({ pending: n }) => {
          if (stopped) return;
          setPending(n);
          if (n > 0) waited = true;
          setFinished(waited && n === 0);
          if (n > 0) timer = setTimeout(() => void ask(), POLL_MS);
        },
        () => undefined, // Not shown when it cannot be asked: the generate buttons stand on their own.
      );
    void ask();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [after, dataProvider]);
  return { pending, finished };
}

/** One line under the runs: the copies still being made, or that they all exist now. */
export function CopiesStatus({ after }: { after: unknown }) {
  const { pending, finished } = useCopiesPending(after);
  if (pending && pending > 0) {
    return (
      <Alert severity="info" role="status">
        还有 {pending} 个页面的压缩副本正在后台生成。页面已经上线，副本生成前以未压缩方式发送。
      </Alert>
    );
  }
  return finished ? (
    <Alert severity="success" role="status">
      压缩副本已全部生成。
    </Alert>
  ) : null;
}
