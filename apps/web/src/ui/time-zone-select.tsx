import { timeZoneName, US_TIME_ZONES } from '@arc/contract';
import { NativeSelect } from '@mantine/core';
import { useState } from 'react';

export interface TimeZoneSelectProps {
  /** the stored setting; null: the default */
  value: string | null;
  /** what the default is, named in its option ("Default: Central (Chicago)") */
  defaultZone: string;
  onChange: (timeZone: string | null) => Promise<unknown>;
  size?: 'xs' | 'sm';
}

const DEFAULT = '';
const labelOf = (zone: string) => US_TIME_ZONES.find((z) => z.value === zone)?.label ?? zone;

/**
 * The time zone setting of an agent (My Profile) or a staff member (the back office's side menu): the US zones, a
 * stored zone outside them, and the default. Saved on change; shows the zone's name as it reads now ("CST").
 */
export function TimeZoneSelect({ value, defaultZone, onChange, size = 'sm' }: TimeZoneSelectProps) {
  const [isSaving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const zones =
    US_TIME_ZONES.some((z) => z.value === value) || !value
      ? US_TIME_ZONES
      : [...US_TIME_ZONES, { value, label: value }];
  return (
    <NativeSelect
      label="Time zone"
      size={size}
      description={`Times are shown in ${timeZoneName(value ?? defaultZone)}.`}
      value={value ?? DEFAULT}
      disabled={isSaving}
      error={error}
      data={[
        { value: DEFAULT, label: `Default: ${labelOf(defaultZone)}` },
        ...zones.map((z) => ({ value: z.value, label: z.label })),
      ]}
      onChange={(event) => {
        const next = event.currentTarget.value || null;
        setSaving(true);
        setError(null);
        onChange(next)
          .catch(() => setError('The time zone could not be saved. Try again.'))
          .finally(() => setSaving(false));
      }}
    />
  );
}
