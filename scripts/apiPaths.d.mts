export declare const API_PREFIXES: readonly string[];
export declare const API_PATH_SOURCE: string;
