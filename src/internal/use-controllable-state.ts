'use client';
import { useCallback, useState } from 'react';

/**
 * State that a caller may control (`value` + `onChange`) or leave to us
 * (`defaultValue`). One helper for every `open`/`defaultOpen`/`onOpenChange`.
 */
export function useControllableState<T>(params: { value: T | undefined; defaultValue: T; onChange?: ((value: T) => void) | undefined }): [T, (next: T) => void] {
  const [own, setOwn] = useState(params.defaultValue);
  const controlled = params.value !== undefined;
  const value = controlled ? (params.value as T) : own;
  const { onChange } = params;
  const set = useCallback(
    (next: T) => {
      if (Object.is(next, value)) return;
      if (!controlled) setOwn(next);
      onChange?.(next);
    },
    [controlled, value, onChange],
  );
  return [value, set];
}
