import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  logLevel: 'warn',
  build: { outDir: "../.build", emptyOutDir: true, minify: process.env.BENCH_NO_MINIFY ? false : true },
});
