import { Confirm } from 'react-admin';
import { useSuccessNotifier } from '../../notices/useErrorNotifier';

interface Props<T, R> {
  /** What the user picked; null closes the dialog. */
  target: T | null;
  question: (target: T) => string;
  run: (target: T) => Promise<R>;
  /** The success message, or one made from the call's answer. */
  done: string | ((result: R) => string);
  onClose: () => void;
  onDone: () => void;
}

/** A 提示信息 confirmation before acting on one skin or file; the http client shows a refusal. */
export function ConfirmedAction<T, R = unknown>({ target, question, run, done, onClose, onDone }: Props<T, R>) {
  const success = useSuccessNotifier();
  return (
    <Confirm
      isOpen={target !== null}
      title="提示信息"
      content={target ? question(target) : ''}
      confirm="确定"
      cancel="取消"
      onClose={onClose}
      onConfirm={async () => {
        onClose();
        if (!target) return;
        try {
          const result = await run(target);
          success(typeof done === 'string' ? done : done(result));
          onDone();
        } catch {
          /* shown by the http client */
        }
      }}
    />
  );
}
