import RefreshIcon from '@mui/icons-material/Refresh';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { FormEvent, ReactElement, ReactNode } from 'react';
import { cloneElement } from 'react';
import { Form, useListContext } from 'react-admin';
import { useFormContext } from 'react-hook-form';

const ROW_SX = { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, width: '100%', py: 1, '& .MuiFormControl-root': { m: 0, width: 180 }, '& .MuiFormHelperText-root': { display: 'none' } } as const;

/** 查询 (submit) and 重置 (clear every field and search again). */
export function SearchButtons({ onReset }: { onReset: () => void }) {
  return (
    <Box sx={{ display: 'flex', gap: 1 }}>
      <Button type="submit" variant="contained" size="small" startIcon={<SearchIcon />}>
        查询
      </Button>
      <Button type="button" variant="outlined" size="small" startIcon={<RefreshIcon />} onClick={onReset}>
        重置
      </Button>
    </Box>
  );
}

function RaSearchRow({ inputs, defaults = {}, keep = [] }: { inputs: ReactElement[]; defaults?: Readonly<Record<string, unknown>>; keep?: readonly string[] }) {
  const { filterValues, setFilters } = useListContext();
  const form = useFormContext();
  return (
    <Box sx={ROW_SX}>
      {inputs.map((input) => cloneElement(input as ReactElement<Record<string, unknown>>, { key: String(input.key ?? (input.props as { source?: string }).source), alwaysOn: undefined, size: 'small', variant: 'outlined' }))}
      <SearchButtons
        onReset={() => {
          // Values the form has no input for that 重置 keeps (the list's tab, list.sources).
          const kept = Object.fromEntries(keep.filter((k) => (filterValues as Record<string, unknown>)[k] !== undefined).map((k) => [k, (filterValues as Record<string, unknown>)[k]]));
          form.reset({ ...Object.fromEntries(Object.keys(form.getValues()).map((k) => [k, ''])), ...defaults, ...kept });
          setFilters({ ...defaults, ...kept }, {});
        }}
      />
    </Box>
  );
}

const clean = (values: Record<string, unknown>) => Object.fromEntries(Object.entries(values).filter(([, v]) => v !== '' && v !== null && v !== undefined));

/**
 * The search form on top of a react-admin list (data-testid="search-form", role="search"): the filter
 * inputs in a wrapping row with labels, applied on 查询 (not as you type), cleared by 重置 (back to the
 * list's `defaults`, when it opens with some).
 */
export function SearchForm({ inputs, defaults, keep }: { inputs: ReactElement[]; defaults?: Readonly<Record<string, unknown>>; keep?: readonly string[] }) {
  const { filterValues, setFilters } = useListContext();
  return (
    <Box role="search" aria-label="查询条件" data-testid="search-form" sx={{ flexBasis: '100%', minWidth: 0 }}>
      <Form record={filterValues} onSubmit={(values: Record<string, unknown>) => setFilters(clean(values), {})} noValidate>
        <RaSearchRow inputs={inputs} defaults={defaults} keep={keep} />
      </Form>
    </Box>
  );
}

/** The same form for screens that keep their own search state (plain inputs as children). */
export function PlainSearchForm({ onSearch, onReset, children }: { onSearch: () => void; onReset: () => void; children: ReactNode }) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch();
  };
  return (
    <Box component="form" role="search" aria-label="查询条件" data-testid="search-form" onSubmit={submit} sx={ROW_SX}>
      {children}
      <SearchButtons onReset={onReset} />
    </Box>
  );
}
