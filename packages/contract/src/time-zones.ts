import * as z from 'zod/mini';
import { boundedLength } from './common.ts';
import { isTimeZone } from './time-display.ts';

/** The time zone settings and their defaults (issue 45; how times are written: time-display.ts). */

export const TIME_ZONE_MESSAGE = 'Choose a time zone.';
/** An IANA time zone, as a setting or a request field (bounded: contract-input-time.test.ts). */
export const TimeZoneSchema = z
  .string()
  .check(boundedLength(64, TIME_ZONE_MESSAGE), z.refine(isTimeZone, TIME_ZONE_MESSAGE));
