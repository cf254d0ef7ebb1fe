import { ConfigError } from './config/config';
import { createApp } from './create-app';
import { DataDirError } from './infrastructure/data-dir';

const main = async () => {
  const scrivo = await createApp();
  const { config, logger } = scrivo;
  await scrivo.app.listen(config.PORT, config.HOST);
  logger.info(
    {
      host: config.HOST,
      port: config.PORT,
      publicUrl: config.SCRIVO_PUBLIC_URL,
      dataDir: config.SCRIVO_DATA_DIR,
      adapters: scrivo.adapters.names,
    },
    `Scrivo is running on ${config.SCRIVO_PUBLIC_URL}`,
  );
  if (config.publicUrlIsDefault)
    logger.info(
      `SCRIVO_PUBLIC_URL is not set: listening on ${config.HOST} (this machine only) and links in emails point at ` +
        `${config.SCRIVO_PUBLIC_URL}. To serve other machines set HOST and SCRIVO_PUBLIC_URL (docs/security.md).`,
    );

  // Graceful shutdown: stop taking requests, drain projections, close stores, then exit.
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    scrivo
      .close()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
};

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(2);
  }
  if (error instanceof DataDirError) {
    console.error(error.message);
    process.exit(1);
  }
  console.error(error);
  process.exit(1);
});
