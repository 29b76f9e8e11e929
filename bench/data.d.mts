export declare function rng(seed: number): () => number;
export declare const BENCH_NOW: number;
export declare function generateBlocks(count: number, seed?: number): Array<Record<string, unknown>>;
export declare function median(values: number[]): number;
export interface StableRatio {
  ratio: number;
  low: number;
  high: number;
  ours: number;
  base: number;
  pairs: number;
  settled: boolean;
}
export declare function stableRatio(pair: () => [number, number], options?: { warmup?: number; min?: number; max?: number; tolerance?: number }): StableRatio;
