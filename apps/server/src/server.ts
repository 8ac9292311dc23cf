import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { configuredDatabase, openDatabase } from './db/client.ts';
import { loadOrCreateProviderSecrets } from './identity/keys.ts';
import { systemClock } from './platform/clock.ts';
import { cpuLimitCores } from './platform/cpu-limit.ts';
import { startLoadMetrics } from './platform/load-metrics.ts';
import { createMailer } from './platform/mailer.ts';
import { passwordHashConcurrency, passwordHashNice, setPasswordHashConcurrency } from './platform/passwords.ts';
import { flushSentry, startSentry } from './platform/sentry.ts';
import { createStorage } from './platform/storage.ts';
import { preloadXlsx } from './platform/xlsx.ts';
import { builtDemoSeedVersion, recordDemoSeedVersion, seededDemoVersion } from './seed/version.ts';

const CUT_CLEANUP_MS = 1000;
/** how long after listening the server imports the spreadsheet writer in the background (`preloadXlsx`) */
const PRELOAD_AFTER_MS = 2000;

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`ARC cannot start. ${err.message}`);
      process.exit(1);
    }
    throw err;
  }
  const started = performance.now();
  if (config.passwordHashConcurrency) setPasswordHashConcurrency(config.passwordHashConcurrency);
  await startSentry({ dsn: config.sentryDsn });
  const database = await openDatabase({
    ...configuredDatabase(config),
    logger: { error: (obj, msg) => console.error(msg, obj) },
  });
  await database.migrate();
  const storage = await createStorage(config);
  const secrets = await loadOrCreateProviderSecrets(database.db);
  const mailer = createMailer({ config, db: database.db });
  // Demo mode seeds what is missing. The production build knows its seed's version: a restart that finds that
  // version completed on this database neither loads the seed (pdf-lib and the demo content) nor checks its steps.
  const seedVersion = builtDemoSeedVersion();
  if (config.demoData && (!seedVersion || (await seededDemoVersion(database.db)) !== seedVersion)) {
    const { seedDemoData } = await import('./seed/index.ts');
    await seedDemoData({ db: database.db, storage, clock: systemClock, config });
    if (seedVersion) await recordDemoSeedVersion(database.db, seedVersion);
  }

  const app = await buildApp({ config, database, clock: systemClock, mailer, storage, secrets });
  // the load bench's figures (docs/decisions/bench-and-load.md): a file of this machine, only when LOAD_METRICS names
  // one
  const stopLoadMetrics = config.loadMetricsFile
    ? startLoadMetrics(config.loadMetricsFile, { poolStats: database.poolStats })
    : undefined;
  // Graceful shutdown for process managers (systemd, containers): stop accepting, let the requests in flight
  // finish (an upload completes and is recorded), then close the database. Requests that outlast the grace
  // period are cut (a cut upload keeps nothing) and the exit code says so. A second signal exits at once.
  let isClosing = false;
  const close = async (signal: string) => {
    if (isClosing) process.exit(1);
    isClosing = true;
    app.log.info({ signal, graceMs: config.shutdownGraceMs }, 'shutting down: finishing requests in flight');
    let isClean = true;
    const deadline = setTimeout(() => {
      isClean = false;
      app.log.warn('grace period over: closing the connections still open');
      app.server.closeAllConnections();
    }, config.shutdownGraceMs);
    try {
      await app.close();
    } catch (err) {
      isClean = false;
      app.log.error({ err }, 'closing the server failed');
    }
    clearTimeout(deadline);
    // the requests cut short get a moment to clean up (a cut upload removes what it stored) before the database
    // goes
    if (!isClean) await new Promise((resolve) => setTimeout(resolve, CUT_CLEANUP_MS));
    stopLoadMetrics?.();
    await database.close().catch((err: unknown) => app.log.error({ err }, 'closing the database failed'));
    await flushSentry();
    app.log.info({ signal, clean: isClean }, 'stopped');
    process.exit(isClean ? 0 : 1);
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  // after a moment, so the first answers (the load balancer's readiness probe) are not held by the import
  setTimeout(preloadXlsx, PRELOAD_AFTER_MS).unref();
  app.log.info(
    {
      url: config.publicUrl,
      database: database.kind,
      demoData: config.demoData,
      host: config.host,
      readyMs: Math.round(performance.now() - started),
      // the CPU limit as the process sees it (a container's cgroup quota) and the hashes it lets run at once
      cpuLimitCores: Math.round(cpuLimitCores() * 100) / 100,
      passwordHashConcurrency: passwordHashConcurrency(),
      passwordHashNice: passwordHashNice(),
    },
    `ARC is ready at ${config.publicUrl}${config.demoData ? ' in demo mode (demo data, /dev/mailbox)' : ''}` +
      (config.isLocalOnlyForDemo
        ? `, listening on ${config.host} only (this machine); set HOST to listen elsewhere`
        : ''),
  );
}

main().catch((err: unknown) => {
  // One clear line for the operator; the stack only when asked for.
  const reason = err instanceof Error ? err.message : String(err);
  console.error(`ARC cannot start: ${reason}`);
  if (err instanceof Error && err.cause) console.error(`  caused by: ${String(err.cause)}`);
  process.exit(1);
});
