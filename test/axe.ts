import { configureAxe } from 'vitest-axe';

/** axe in jsdom: colour contrast needs layout, so it is checked in Chromium stories and by the token test instead. */
export const axe = configureAxe({ rules: { 'color-contrast': { enabled: false } } });
