export function frontEndIsStale(): boolean;
export function buildIfStale(): void;
