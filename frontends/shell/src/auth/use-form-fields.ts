import { useCallback, useState, type ChangeEvent } from 'react';

/** Controlled text fields: `field(name)` gives an input its value and onChange. */
export function useFormFields<T extends { [K in keyof T]: string }>(initial: T) {
  const [values, setValues] = useState<T>(initial);

  const field = useCallback(
    (name: keyof T) => ({
      value: values[name],
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        // Read now: React clears currentTarget once the handler has returned.
        const { value } = event.currentTarget;
        setValues((current) => ({ ...current, [name]: value }));
      },
    }),
    [values],
  );

  return { values, field };
}
