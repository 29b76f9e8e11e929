export declare function rng(seed: number): () => number;
export declare const BENCH_NOW: number;
export declare function generateBlocks(count: number, seed?: number): Array<Record<string, unknown>>;
export declare function median(values: number[]): number;
