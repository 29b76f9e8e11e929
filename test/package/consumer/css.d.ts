// What a Vite app's `vite/client` types declare for CSS imports.
declare module '*.css';
