import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { loadOrCreateProviderSecrets } from './identity/keys.ts';
import { systemClock } from './platform/clock.ts';
import { createMailer } from './platform/mailer.ts';
import { createStorage } from './platform/storage.ts';

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
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : `${config.dataDir}/pgdata`,
    logger: { error: (obj, msg) => console.error(msg, obj) },
  });
  await database.migrate();
  const storage = createStorage(config);
  const secrets = await loadOrCreateProviderSecrets(database.db);
  const mailer = createMailer({ config, db: database.db });
  if (config.demoData) {
    // loaded only in demo mode: the seed brings pdf-lib and the demo content
    const { seedDemoData } = await import('./seed/index.ts');
    await seedDemoData({ db: database.db, storage, clock: systemClock, config });
  }

  const app = await buildApp({ config, database, clock: systemClock, mailer, storage, secrets });
  const close = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    {
      url: config.publicUrl,
      database: database.kind,
      demoData: config.demoData,
      readyMs: Math.round(performance.now() - started),
    },
    `ARC is ready at ${config.publicUrl}${config.demoData ? ' in demo mode (demo data, /dev/mailbox)' : ''}`,
  );
}

main().catch((err: unknown) => {
  // One clear line for the operator; the stack only when asked for.
  const reason = err instanceof Error ? err.message : String(err);
  console.error(`ARC cannot start: ${reason}`);
  if (err instanceof Error && err.cause) console.error(`  caused by: ${String(err.cause)}`);
  process.exit(1);
});
