import { useEffect, useState } from 'react';
import { dataProvider } from '../../data';

export interface DeptOption {
  id: number;
  label: string;
}

/**
 * Every enabled department as select options, flattened in tree order with indentation. Reads the
 * department `data` call, which any logged-in staff member may call (unlike the department screen's calls).
 */
export function useDepartmentOptions(): DeptOption[] {
  const [opts, setOpts] = useState<DeptOption[]>([]);
  useEffect(() => {
    type Node = { value: number; label: string; children?: Node[] };
    dataProvider.callExtra<Node[]>('department', 'data', { silent: true }).then(
      (tree) => {
        const out: DeptOption[] = [];
        const walk = (nodes: Node[], depth: number) => {
          for (const n of nodes) {
            out.push({ id: Number(n.value), label: `${'\u3000'.repeat(depth)}${n.label}` });
            walk(n.children ?? [], depth + 1);
          }
        };
        walk(tree ?? [], 0);
        setOpts(out);
      },
      () => setOpts([]),
    );
  }, []);
  return opts;
}
