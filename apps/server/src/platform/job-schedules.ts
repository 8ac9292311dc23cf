import type { JobSchedule } from './jobs.ts';

/**
 * Every recurring job's schedule in one place (pg-boss cron: five fields, a minute at the finest), so the runs of
 * one hour are spread over its minutes instead of all starting at :00. The intervals are those of the in-process
 * timers they replaced (10 minutes, an hour, a day); the weekly digest's is Monday 07:00 in the business time zone.
 */
export const JOB_SCHEDULES = {
  identityPurge: { cron: '*/10 * * * *', description: 'Every 10 minutes' },
  accountLinkPurge: { cron: '1-59/10 * * * *', description: 'Every 10 minutes' },
  emailChangePurge: { cron: '2-59/10 * * * *', description: 'Every 10 minutes' },
  uploadQuotaPurge: { cron: '5 * * * *', description: 'Hourly' },
  supplyRequestPurge: { cron: '15 * * * *', description: 'Hourly' },
  auditRetentionPurge: { cron: '25 * * * *', description: 'Hourly' },
  telemetryRetentionPurge: { cron: '35 * * * *', description: 'Hourly' },
  soaRetentionPurge: { cron: '45 3 * * *', description: 'Daily at 03:45 UTC' },
  /** `missed: once`: a Monday morning spent down (a deploy, an outage) still sends the week's digest when back */
  pendedDigest: (timeZone: string): JobSchedule => ({
    cron: '0 7 * * 1',
    timeZone,
    description: 'Mondays at 07:00 (business time zone)',
    missed: 'once',
  }),
} as const satisfies Record<string, JobSchedule | ((timeZone: string) => JobSchedule)>;
