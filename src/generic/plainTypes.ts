export type Row = Record<string, unknown>;
