/** One 数据字典 entry as subEsType answers it: a tree under its group. */
export interface Entry {
  id: number;
  dictKey: string;
  key: string;
  name: string;
  value: string | null;
  state: number;
  parentId: number;
  sort: number;
  children?: Entry[];
}

/** What the entry dialog does: add under a parent, or edit an entry. */
export type Editing = { mode: 'add'; parentId: number } | { mode: 'edit'; entry: Entry };

