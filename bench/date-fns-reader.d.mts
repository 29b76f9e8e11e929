export declare function dateFnsReader(value: unknown): Date | null;
