import Typography from '@mui/material/Typography';
import { createContext, useContext, useEffect, useState } from 'react';
import { SelectInput, useFieldValue, type SelectInputProps } from 'react-admin';
import type { HttpClient } from '../../providers/types';
import { http as portalHttp } from '../portal';
import { dictLabel, dictOptions, ensureAllDic, onAllDicChange, readAllDic, type DictChild, type DictGroup } from './allDic';

/** The client that loads the dictionary; tests provide their own. */
export const DictHttpContext = createContext<HttpClient>(portalHttp);

/** Every cached group; loads them on first use and follows later refreshes. */
export function useAllDic(): { groups: DictGroup[] | null; loading: boolean } {
  const http = useContext(DictHttpContext);
  const [groups, setGroups] = useState<DictGroup[] | null>(() => readAllDic());
  useEffect(() => {
    let alive = true;
    const off = onAllDicChange(() => alive && setGroups(readAllDic()));
    if (!readAllDic()) {
      ensureAllDic(http)
        .then((g) => alive && setGroups(g))
        .catch(() => alive && setGroups([]));
    }
    return () => {
      alive = false;
      off();
    };
  }, [http]);
  return { groups, loading: groups === null };
}

/** The entries of one group (`dictKey`), nested ones included. */
export function useDict(dictKey: string): { options: DictChild[]; loading: boolean; label: (code: unknown) => string } {
  const { groups, loading } = useAllDic();
  return { options: dictOptions(groups, dictKey), loading, label: (code) => dictLabel(groups, dictKey, code) };
}

/** A select whose choices are the entries of a dictionary group; stores the entry's code. */
export function DictSelectInput({ dict, emptyText = '请选择', ...props }: Omit<SelectInputProps, 'choices'> & { dict: string }) {
  const { options, loading } = useDict(dict);
  return (
    <SelectInput
      {...props}
      emptyText={emptyText}
      isPending={loading}
      choices={options.map((o) => ({ id: o.code, name: o.label }))}
    />
  );
}

/** The label of a stored code (the code itself while loading or when the entry is gone). */
export function DictField({ source, dict }: { source: string; dict: string; label?: string; sortable?: boolean }) {
  const value = useFieldValue({ source });
  const { label } = useDict(dict);
  return (
    <Typography component="span" variant="body2" data-value={value == null ? '' : String(value)}>
      {label(value)}
    </Typography>
  );
}
